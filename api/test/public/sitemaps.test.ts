import type { MenuForm } from '@site/shared-types';
import type { Response } from 'supertest';
import { SeoFiles } from '../../src/delivery/seo/seo-files.service.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { parseXml, type XmlElement } from '../support/xml.js';

const ORIGIN = 'https://www.yunfan.example.com';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const MOBILE_NS = 'http://www.baidu.com/schemas/sitemap-mobile/1/';
/** W3C datetime (https://www.w3.org/TR/NOTE-datetime), the forms the sitemap protocol accepts. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
  token = await login(t);
});
afterAll(() => t.close());

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);

function xmlOf(res: Response): XmlElement {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return parseXml(res.text);
}

interface Url {
  loc: string;
  lastmod: string | null;
  mobile: XmlElement[];
}

/** A `<urlset>` checked against the sitemap schema's shape: url elements of loc, optional lastmod, then extensions. */
function urlsOf(root: XmlElement): Url[] {
  expect({ ns: root.ns, local: root.local }).toEqual({ ns: SITEMAP_NS, local: 'urlset' });
  expect(root.text.trim()).toBe('');
  return root.children.map((url) => {
    expect({ ns: url.ns, local: url.local }).toEqual({ ns: SITEMAP_NS, local: 'url' });
    const own = url.children.filter((child) => child.ns === SITEMAP_NS).map((child) => child.local);
    expect(['loc', 'loc,lastmod']).toContain(own.join(','));
    // Elements of other namespaces only after the sitemap's own (the schema's xsd:any ##other comes last).
    const firstForeign = url.children.findIndex((child) => child.ns !== SITEMAP_NS);
    if (firstForeign >= 0) expect(url.children.slice(firstForeign).every((c) => c.ns !== SITEMAP_NS)).toBe(true);
    const loc = url.children[0]!;
    expect(loc.local).toBe('loc');
    expect(loc.children).toEqual([]);
    const lastmod = url.children.find((child) => child.ns === SITEMAP_NS && child.local === 'lastmod');
    if (lastmod) expect(lastmod.text).toMatch(W3C_DATETIME);
    return {
      loc: loc.text,
      lastmod: lastmod?.text ?? null,
      mobile: url.children.filter((child) => child.ns !== SITEMAP_NS),
    };
  });
}

const get = (path: string) => t.http.get(path);
const desktop = async () => urlsOf(xmlOf(await get('/sitemap-desktop.xml')));
const mobile = async () => urlsOf(xmlOf(await get('/sitemap-mobile.xml')));
const ids = async (table: 'case' | 'news') =>
  (await t.sql<{ id: number }>(`SELECT id FROM "${table}" ORDER BY id`)).map((row) => row.id);

describe('the strict XML reader the sitemap tests use', () => {
  it('should refuse what is not well-formed', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow(/does not close/);
    expect(() => parseXml('<a>x & y</a>')).toThrow(/entity/);
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow(/twice/);
    expect(() => parseXml('<a/><b/>')).toThrow(/second root/);
    expect(() => parseXml('<m:a/>')).toThrow(/undeclared prefix/);
    expect(() => parseXml('<a>')).toThrow(/never closed/);
    expect(parseXml('<a xmlns="u" xmlns:m="v"><m:b k=\'&amp;\'>1 &lt; 2</m:b></a>').children[0]).toMatchObject({
      ns: 'v',
      local: 'b',
      attributes: { k: '&' },
      text: '1 < 2',
    });
  });
});

describe('GET /robots.txt', () => {
  it('should keep crawlers out of the back office and the API and name the sitemap index', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toEqual(expect.arrayContaining(['Disallow: /admin', 'Disallow: /api']));
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toEqual([`Sitemap: ${ORIGIN}/sitemap.xml`]);
    expect(res.text).not.toMatch(/^Disallow: \/$/m);
  });
});

describe('GET /sitemap.xml', () => {
  it('should be a sitemap index naming the desktop and the mobile sitemap', async () => {
    const root = xmlOf(await get('/sitemap.xml'));
    expect({ ns: root.ns, local: root.local }).toEqual({ ns: SITEMAP_NS, local: 'sitemapindex' });
    const entries = root.children.map((sitemap) => {
      expect({ ns: sitemap.ns, local: sitemap.local }).toEqual({ ns: SITEMAP_NS, local: 'sitemap' });
      expect(sitemap.children.map((child) => child.local)).toEqual(['loc', 'lastmod']);
      expect(sitemap.children[1]!.text).toMatch(W3C_DATETIME);
      return sitemap.children[0]!.text;
    });
    expect(entries).toEqual([`${ORIGIN}/sitemap-desktop.xml`, `${ORIGIN}/sitemap-mobile.xml`]);
    for (const loc of entries) expect((await get(new URL(loc).pathname)).status).toBe(200);
  });

  it('should be answered before the page route, and kept by the published-content cache', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-desktop.xml', '/sitemap-mobile.xml', '/robots.txt']) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect(first.text).not.toContain('<!doctype html>');
      const again = await get(path);
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.text).toBe(first.text);
    }
    // Only these four: another .xml address is still the not-found page.
    expect((await get('/sitemap-other.xml')).status).toBe(404);
  });
});

describe('the desktop sitemap', () => {
  it('should list the fixed pages, the list pages, every case and every article, absolute and once each', async () => {
    const urls = await desktop();
    const locs = urls.map((url) => url.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/`)).toBe(true);
    const paths = locs.map((loc) => loc.slice(ORIGIN.length));
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/about.html',
        '/itemnews.html',
        '/webcase/101.html',
        ...[1, 2, 3, 4, 5].map((tab) => `/webcase/${tab}.html`),
        ...[3, 4, 5, 6].map((menu) => `/items/${menu}.html`),
      ]),
    );
    expect(paths.filter((path) => path.startsWith('/details/'))).toEqual(
      (await ids('case')).map((id) => `/details/${id}.html`),
    );
    expect(paths.filter((path) => path.startsWith('/news/'))).toEqual(
      (await ids('news')).map((id) => `/news/${id}.html`),
    );
    expect(paths.some((path) => path.startsWith('/move') || path.startsWith('/admin'))).toBe(false);
    // Home, customer-cases and about are not list pages of their own: they are in the list under their routes.
    expect(paths).not.toEqual(expect.arrayContaining(['/items/1.html']));
    expect(paths.filter((path) => /^\/items\/(1|2|7)\.html$/.test(path))).toEqual([]);
    for (const url of urls) expect(url.mobile).toEqual([]);
  });

  it("should date a case by its row's last change", async () => {
    const [row] = await t.sql<{ id: number; updated_at: Date }>(
      'SELECT id, updated_at FROM "case" ORDER BY id LIMIT 1',
    );
    const entry = (await desktop()).find((url) => url.loc === `${ORIGIN}/details/${row!.id}.html`);
    expect(new Date(entry!.lastmod!).getTime()).toBe(Math.floor(row!.updated_at.getTime() / 1000) * 1000);
  });
});

describe('the mobile sitemap', () => {
  it("should list the mobile pages, each with Baidu's mobile annotation", async () => {
    const root = xmlOf(await get('/sitemap-mobile.xml'));
    expect(root.attributes['xmlns:mobile']).toBe(MOBILE_NS);
    const urls = urlsOf(root);
    for (const url of urls) {
      expect(url.loc.startsWith(`${ORIGIN}/move/`)).toBe(true);
      expect(url.mobile.map((el) => ({ ns: el.ns, local: el.local, attributes: el.attributes }))).toEqual([
        { ns: MOBILE_NS, local: 'mobile', attributes: { type: 'mobile' } },
      ]);
    }
    const paths = urls.map((url) => url.loc.slice(ORIGIN.length));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/move/',
        '/move/fwxm',
        '/move/case.html',
        '/move/zhy.html',
        '/move/us.html',
        ...[3, 4, 5, 6].map((menu) => `/move/items/${menu}.html`),
      ]),
    );
    expect(paths.filter((path) => path.startsWith('/move/details/'))).toEqual(
      (await ids('case')).map((id) => `/move/details/${id}.html`),
    );
    expect(paths.filter((path) => path.startsWith('/move/news/'))).toEqual(
      (await ids('news')).map((id) => `/move/news/${id}.html`),
    );
  });
});

describe('after back-office writes', () => {
  it('should list a new case and article at once, and drop them once deleted', async () => {
    // Read first, so the cache holds the sitemaps the writes must replace.
    await desktop();
    await mobile();
    const created = ok<{ id: number }>(
      await call('/api/amendcase', { id: 0, name: '站点地图测试案例', top: 2, dict_id: 3, class_id: 1 }),
    );
    const article = ok<{ id: number }>(
      await call('/api/amendnews', { id: 0, title: '站点地图测试文章', dynamic_id: 1 }),
    );
    let [d, m] = [(await desktop()).map((u) => u.loc), (await mobile()).map((u) => u.loc)];
    expect(d).toEqual(
      expect.arrayContaining([`${ORIGIN}/details/${created.id}.html`, `${ORIGIN}/news/${article.id}.html`]),
    );
    expect(m).toEqual(
      expect.arrayContaining([`${ORIGIN}/move/details/${created.id}.html`, `${ORIGIN}/move/news/${article.id}.html`]),
    );

    ok(await call('/api/deletecase', { id: created.id }));
    ok(await call('/api/deletenews', { id: article.id }));
    [d, m] = [(await desktop()).map((u) => u.loc), (await mobile()).map((u) => u.loc)];
    expect(
      d.filter((loc) => loc.endsWith(`/details/${created.id}.html`) || loc.endsWith(`/news/${article.id}.html`)),
    ).toEqual([]);
    expect(
      m.filter((loc) => loc.endsWith(`/details/${created.id}.html`) || loc.endsWith(`/news/${article.id}.html`)),
    ).toEqual([]);
  });

  it('should move the lastmod of an edited case', async () => {
    const [row] = await t.sql<{ id: number }>('SELECT id FROM "case" ORDER BY id LIMIT 1');
    const loc = `${ORIGIN}/details/${row!.id}.html`;
    await t.sql(
      `UPDATE "case" SET created_at = now() - interval '30 days', updated_at = now() - interval '30 days' WHERE id = $1`,
      [row!.id],
    );
    // A hand-made UPDATE is announced to the cache (NOTIFY), not awaited: read the version as a writer would.
    await waitFor(async () => {
      const lastmod = (await desktop()).find((url) => url.loc === loc)!.lastmod!;
      return Date.now() - new Date(lastmod).getTime() > 29 * 86_400_000;
    });
    const form = ok<Record<string, unknown>>(await call('/api/getcase', { caseid: row!.id }));
    ok(await call('/api/amendcase', { ...form, name: '改过名字的案例' }));
    const lastmod = (await desktop()).find((url) => url.loc === loc)!.lastmod!;
    expect(Date.now() - new Date(lastmod).getTime()).toBeLessThan(60_000);
  });

  it('should leave out a menu hidden on the desktop, and list it again once shown', async () => {
    const form = ok<MenuForm>(await call('/api/getmenu', { menuid: 6 }));
    try {
      ok(await call('/api/amendmenu', { ...form, pcmenu: false }));
      expect((await desktop()).map((u) => u.loc)).not.toContain(`${ORIGIN}/items/6.html`);
      expect((await mobile()).map((u) => u.loc)).toContain(`${ORIGIN}/move/items/6.html`);
    } finally {
      ok(await call('/api/amendmenu', form));
    }
    expect((await desktop()).map((u) => u.loc)).toContain(`${ORIGIN}/items/6.html`);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('without PUBLIC_URL', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ SEED: 'false', TRUST_PROXY: '1', ALLOWED_HOSTS: '.example.org' });
  });
  afterAll(() => bare.close());

  it("should make absolute addresses on the request's origin, escaped, as the page's head tags do", async () => {
    const robots = await bare.http.get('/robots.txt').set('Host', 'www.example.org').set('X-Forwarded-Proto', 'https');
    expect(robots.text).toContain('Sitemap: https://www.example.org/sitemap.xml');
    const index = await bare.http.get('/sitemap.xml').set('Host', 'a.example.org');
    expect(parseXml(index.text).children.map((sitemap) => sitemap.children[0]!.text)).toEqual([
      'http://a.example.org/sitemap-desktop.xml',
      'http://a.example.org/sitemap-mobile.xml',
    ]);
    // The same origin in the page's canonical link.
    const page = await bare.http.get('/about.html').set('Host', 'a.example.org');
    expect(page.text).toContain('<link rel="canonical" href="http://a.example.org/about.html" />');
    // A host not allowed never reaches an address (ALLOWED_HOSTS: .example.org; links fall back to loopback).
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap-desktop.xml', '/sitemap-mobile.xml']) {
      const forged = await bare.http.get(path).set('Host', 'evil.example').set('X-Forwarded-Host', 'evil.example');
      expect(forged.status).toBe(200);
      expect(forged.text).not.toContain('evil.example');
    }
  });

  it('should still list the fixed pages of an empty site, without dates it does not know', async () => {
    const urls = urlsOf(parseXml((await bare.http.get('/sitemap-desktop.xml').set('Host', 'a.example.org')).text));
    expect(urls.map((url) => url.loc)).toEqual(expect.arrayContaining(['http://a.example.org/']));
    expect(urls.find((url) => url.loc === 'http://a.example.org/itemnews.html')!.lastmod).toBeNull();
  });
});

describe('a sitemap longer than one file holds', () => {
  const PER_FILE = 7;
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ PUBLIC_URL: ORIGIN });
    // A file holds 50,000 addresses; this site's few dozen pages are cut into files of 7 instead.
    small.app.get(SeoFiles).urlsPerFile = PER_FILE;
  });
  afterAll(() => small.close());

  const fileUrls = async (loc: string) => urlsOf(xmlOf(await small.http.get(new URL(loc).pathname)));
  const published = async (table: 'case' | 'news') =>
    (
      await small.sql<{ id: number }>(
        `SELECT id FROM "${table}" WHERE deleted_at IS NULL AND status = 'published' ORDER BY id`,
      )
    ).map((row) => row.id);

  it('should name every file of each sitemap in the index, and list every page in exactly one of them', async () => {
    // Some items the sitemaps leave out: a draft and a trashed article.
    const [draft, trashed] = await small.sql<{ id: number }>('SELECT id FROM news ORDER BY id LIMIT 2');
    await small.sql(`UPDATE news SET status = 'draft' WHERE id = $1`, [draft!.id]);
    await small.sql('UPDATE news SET deleted_at = now() WHERE id = $1', [trashed!.id]);

    const index = xmlOf(await small.http.get('/sitemap.xml'));
    const files = index.children.map((sitemap) => ({
      loc: sitemap.children[0]!.text,
      lastmod: sitemap.children.find((child) => child.local === 'lastmod')?.text ?? null,
    }));
    const [cases, news] = [await published('case'), await published('news')];
    expect(news).not.toContain(draft!.id);
    expect(news).not.toContain(trashed!.id);
    for (const [face, items] of [
      ['desktop', ['/details/', '/news/']],
      ['mobile', ['/move/details/', '/move/news/']],
    ] as const) {
      const own = files.filter((file) => file.loc.startsWith(`${ORIGIN}/sitemap-${face}`));
      const urls: Url[] = [];
      for (const [i, file] of own.entries()) {
        expect(file.loc).toBe(`${ORIGIN}/sitemap-${face}${i === 0 ? '' : `-${i + 1}`}.xml`);
        const listed = await fileUrls(file.loc);
        expect(listed.length).toBeGreaterThan(0);
        expect(listed.length).toBeLessThanOrEqual(PER_FILE);
        if (i < own.length - 1) expect(listed).toHaveLength(PER_FILE);
        // Each file is dated in the index by its newest entry.
        const dates = listed.map((url) => url.lastmod).filter((date) => date !== null);
        expect(file.lastmod).toBe(dates.sort((a, b) => Date.parse(b) - Date.parse(a))[0] ?? null);
        urls.push(...listed);
      }
      expect(own.length).toBeGreaterThan(3);
      expect(own).toHaveLength(Math.ceil(urls.length / PER_FILE));
      const locs = urls.map((url) => url.loc);
      expect(new Set(locs).size).toBe(locs.length);
      const paths = locs.map((loc) => loc.slice(ORIGIN.length));
      // Every published case and article once, in id order; nothing else of theirs.
      expect(paths.filter((path) => path.startsWith(items[0]))).toEqual(cases.map((id) => `${items[0]}${id}.html`));
      expect(paths.filter((path) => path.startsWith(items[1]))).toEqual(news.map((id) => `${items[1]}${id}.html`));
      // The fixed and list pages, then the cases, then the articles: the order of the whole list.
      const seo = small.app.get(SeoFiles);
      const whole = await (face === 'desktop' ? seo.desktopPages() : seo.mobilePages());
      expect(paths).toEqual(whole.map((page) => page.path));
      if (face === 'mobile') for (const url of urls) expect(url.mobile).toHaveLength(1);
    }
    // A file past the last is not found, nor is a number that no file can have.
    const last = files.filter((file) => file.loc.includes('desktop')).length;
    for (const path of [`/sitemap-desktop-${last + 1}.xml`, '/sitemap-desktop-1.xml', '/sitemap-mobile-0.xml']) {
      expect((await small.http.get(path)).status).toBe(404);
    }
    // Every file is kept by the published-content cache, like the first.
    const again = await small.http.get(new URL(files[1]!.loc).pathname);
    expect(again.headers['x-cache']).toBe('HIT');
  });
});
