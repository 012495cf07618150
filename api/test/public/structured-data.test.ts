import { createTestApp, type TestApp } from '../support/test-app.js';

/** Structured data in the server's HTML (docs/behaviour.md#structured-data), parsed as a crawler parses it. */
const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MOBILE_HOSTS: 'm.yunfan.test' });
});
afterAll(() => t.close());

type Node = Record<string, unknown> & { '@type': string };

/** The JSON-LD blocks of a page, each parsed with JSON.parse (throws on anything a crawler could not read). */
function jsonLd(html: string): { '@context': string; '@graph': Node[] }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
}

const graphOf = async (path: string, mobile = false) => {
  const request = t.http.get(path).set('Host', 'www.yunfan.test');
  const res = await (mobile ? request.set('User-Agent', MOBILE_UA) : request);
  expect(res.status).toBe(200);
  const blocks = jsonLd(res.text);
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!['@context']).toBe('https://schema.org');
  return blocks[0]!['@graph'];
};
const ofType = (graph: Node[], type: string) => graph.find((node) => node['@type'] === type);
const crumbs = (graph: Node[]) =>
  (ofType(graph, 'BreadcrumbList')?.itemListElement as { position: number; name: string; item: string }[]) ?? [];

describe('every page', () => {
  it('should say who the site is: Organization with the contact block, WebSite with the search', async () => {
    const [contact] = await t.sql<{ value: { phones: string[]; address: string; email: string } }>(
      `SELECT value FROM site_block WHERE key = 'contact'`,
    );
    for (const [path, mobile] of [
      ['/', false],
      ['/about.html', false],
      ['/move/index.html', true],
      ['/move/us.html', true],
    ] as const) {
      const graph = await graphOf(path, mobile);
      const organization = ofType(graph, 'Organization')!;
      expect(organization).toMatchObject({
        '@id': 'http://www.yunfan.test/#organization',
        name: '云帆科技',
        url: 'http://www.yunfan.test/',
        logo: expect.stringMatching(/^http:\/\/www\.yunfan\.test\/uploads\//),
        email: contact!.value.email,
        address: { '@type': 'PostalAddress', streetAddress: contact!.value.address, addressCountry: 'CN' },
      });
      expect((organization.contactPoint as { telephone: string }[]).map((point) => point.telephone)).toEqual(
        contact!.value.phones,
      );
      expect(ofType(graph, 'WebSite')).toMatchObject({
        url: 'http://www.yunfan.test/',
        potentialAction: {
          '@type': 'SearchAction',
          target: { urlTemplate: 'http://www.yunfan.test/items/search.html?keyword={search_term_string}' },
          'query-input': 'required name=search_term_string',
        },
      });
    }
  });

  it('should leave a page that does not exist without any', async () => {
    const res = await t.http.get('/news/999999.html');
    expect(res.status).toBe(404);
    expect(jsonLd(res.text)).toEqual([]);
  });
});

describe('lists and details', () => {
  it('should give list and detail pages their breadcrumb trail, and none to a home page', async () => {
    expect(crumbs(await graphOf('/'))).toEqual([]);
    expect(crumbs(await graphOf('/about.html')).map((c) => [c.position, c.name, c.item])).toEqual([
      [1, '首页', 'http://www.yunfan.test/'],
      [2, '关于我们', 'http://www.yunfan.test/about.html'],
    ]);
    expect(crumbs(await graphOf('/webcase/3.html')).map((c) => c.name)).toEqual(['首页', '客户案例', '微信公众号案例']);
    const [item] = await t.sql<{ id: number; name: string }>('SELECT id, name FROM "case" ORDER BY id LIMIT 1');
    expect(crumbs(await graphOf(`/details/${item!.id}.html`)).map((c) => [c.name, c.item])).toEqual([
      ['首页', 'http://www.yunfan.test/'],
      ['客户案例', 'http://www.yunfan.test/webcase/101.html'],
      [item!.name, `http://www.yunfan.test/details/${item!.id}.html`],
    ]);
    expect(crumbs(await graphOf(`/move/details/${item!.id}.html`, true)).map((c) => c.item)).toEqual([
      'http://www.yunfan.test/move/index.html',
      'http://www.yunfan.test/move/case.html',
      `http://www.yunfan.test/move/details/${item!.id}.html`,
    ]);
  });

  it('should describe an article as an Article and a case as a CreativeWork, on both faces', async () => {
    const [article] = await t.sql<{ id: number; title: string; img: string; create_time: string }>(
      `SELECT id, title, img, to_char(create_time, 'YYYY-MM-DD') AS create_time FROM news ORDER BY id LIMIT 1`,
    );
    for (const path of [`/news/${article!.id}.html`, `/move/news/${article!.id}.html`]) {
      const node = ofType(await graphOf(path, path.startsWith('/move/')), 'Article')!;
      expect(node).toMatchObject({
        headline: article!.title,
        datePublished: `${article!.create_time}T00:00:00+08:00`,
        mainEntityOfPage: `http://www.yunfan.test${path}`,
        author: { '@id': 'http://www.yunfan.test/#organization' },
        publisher: { '@id': 'http://www.yunfan.test/#organization' },
      });
      if (article!.img) expect(node.image).toEqual([`http://www.yunfan.test${article!.img}`]);
    }
    const [item] = await t.sql<{ id: number; name: string }>('SELECT id, name FROM "case" ORDER BY id LIMIT 1');
    expect(ofType(await graphOf(`/details/${item!.id}.html`), 'CreativeWork')).toMatchObject({
      name: item!.name,
      creator: { '@id': 'http://www.yunfan.test/#organization' },
    });
  });

  it('should keep a title that closes the script from breaking out, and still parse to the same text', async () => {
    const evil = '攻击</script><script>alert(1)</script><!-- & \u2028';
    const [article] = await t.sql<{ id: number }>(
      `UPDATE news SET title = $1 WHERE id = (SELECT max(id) FROM news) RETURNING id`,
      [evil],
    );
    const res = await t.http.get(`/news/${article!.id}.html`).set('Host', 'www.yunfan.test');
    const block = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.text)![1]!;
    expect(block).not.toMatch(/<|>/);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    const node = JSON.parse(block)['@graph'].find((entry: Node) => entry['@type'] === 'Article');
    expect(node.headline).toBe(evil);
  });
});
