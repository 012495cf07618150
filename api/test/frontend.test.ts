import { decideStartupRedirect } from '@site/shared-types';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ok } from './support/envelope.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** The shell's page and the front-end files as the server serves them (needs `npm run build`, which npm test runs). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MOBILE_HOSTS: 'm.yunfan.test' });
});
afterAll(() => t.close());

const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** A page as a phone asks for it (a desktop browser is sent away from /move/). */
const phone = (route: string) => t.http.get(route).set('User-Agent', MOBILE_UA);
/** A page as its own face's device asks for it (a phone is sent from a desktop page to its mobile page). */
const visit = (route: string) =>
  route.startsWith('/move/') ? phone(route) : t.http.get(route).set('User-Agent', DESKTOP_UA);

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const release = (remote: string) =>
  JSON.parse(readFileSync(path.join(repoRoot, remote, 'dist', 'current.json'), 'utf8')).release as string;

function config(html: string): { remotes: Record<string, { entry: string; release: string }>; mobileHosts: string[] } {
  const json = /<script id="site-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no site-config in the page');
  return JSON.parse(json);
}

describe('the shell page', () => {
  it('should carry the keyword records, a canonical link and the remote pointer', async () => {
    const [title] = await t.sql<{ content: string }>(`SELECT content FROM keyword WHERE keywords = 'title'`);
    const [description] = await t.sql<{ content: string }>(
      `SELECT content FROM keyword WHERE keywords = 'description'`,
    );
    const res = await t.http.get('/').set('Host', 'www.yunfan.test');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // Published content: kept a minute by a CDN, revalidated by browsers (docs/decisions.md).
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(res.text).toContain(`<title>${title!.content}</title>`);
    expect(res.text).toContain(`<meta name="description" content="${description!.content}" />`);
    expect(res.text).toContain('<link rel="canonical" href="http://www.yunfan.test/" />');
    expect(res.text).toContain('<meta property="og:site_name" content="云帆科技" />');
    // A server-rendered page starts with the first-view script, which adds the application's entry when needed,
    // and fetches it (with the chunks behind it and the page's remote) without running it once the page is quiet.
    const start = res.text.match(
      /<script defer src="\/assets\/start\.[0-9a-f]{8}\.js" data-app="(\/assets\/main\.[0-9a-f]{8}\.js)" data-prefetch="([^"]+)"><\/script>/,
    );
    expect(start).not.toBeNull();
    const prefetch = start![2]!.split(' ');
    expect(prefetch[0]).toBe(start![1]);
    expect(prefetch).toContainEqual(expect.stringMatching(/^\/remotes\/mf_desktop\/[a-z0-9-]+\/remoteEntry\.js$/));
    expect(prefetch).toContainEqual(
      expect.stringMatching(/^\/remotes\/mf_desktop\/[a-z0-9-]+\/__federation_expose_App\./),
    );
    expect(res.text).not.toMatch(/<script defer src="\/assets\/main\./);
    expect(config(res.text)).toEqual({
      origin: 'http://www.yunfan.test',
      hydration: 'demand',
      map: { provider: 'none' },
      wechat: false,
      analyticsId: null,
      vitals: { percent: 10, script: expect.stringMatching(/^\/assets\/vitals\.[0-9a-f]{8}\.js$/) },
      remotes: {
        mf_desktop: {
          entry: `/remotes/mf_desktop/${release('mf-desktop')}/mf-manifest.json`,
          release: release('mf-desktop'),
        },
        mf_mobile: {
          entry: `/remotes/mf_mobile/${release('mf-mobile')}/mf-manifest.json`,
          release: release('mf-mobile'),
        },
        mf_admin: { entry: `/remotes/mf_admin/${release('mf-admin')}/mf-manifest.json`, release: release('mf-admin') },
      },
      mobileHosts: ['m.yunfan.test'],
    });
  });

  it('should describe a case or an article page by its own title and intro', async () => {
    const [item] = await t.sql<{ id: number; name: string; intro: string }>(
      'SELECT id, name, intro FROM "case" ORDER BY id LIMIT 1',
    );
    const desktop = await t.http.get(`/details/${item!.id}.html`);
    expect(desktop.text).toContain(`<title>${item!.name} - 云帆科技</title>`);
    expect(desktop.text).toContain(`<meta name="description" content="${item!.intro}" />`);
    const [article] = await t.sql<{ id: number; title: string }>('SELECT id, title FROM news ORDER BY id LIMIT 1');
    const mobile = await phone(`/move/news/${article!.id}.html`);
    expect(mobile.text).toContain(`<title>${article!.title} - 云帆科技</title>`);
  });

  it('should answer 404, not indexed, for an unknown page and for an unknown case', async () => {
    for (const route of [
      '/no-such-page',
      '/details/abc.html',
      '/details/999999.html',
      '/move/news/999999.html',
      '/items/999.html',
      '/webcase/77.html',
      '/move/nope',
      '/admin/index/nope',
    ]) {
      const res = await visit(route);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
      expect(res.text).toContain('id="site-config"');
    }
  });

  it('should know the existing ids of item and customer-case pages', async () => {
    for (const route of ['/items/3.html', '/webcase/101.html', '/webcase/5.html', '/move/items/4.html']) {
      expect((await visit(route)).status).toBe(200);
    }
  });

  it('should escape what the keyword records contain', async () => {
    await t.sql(`UPDATE keyword SET content = $1 WHERE keywords = 'title'`, ['云帆</title><script>alert(1)</script>']);
    const res = await t.http.get('/');
    expect(res.text).toContain('<title>云帆&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
    expect(res.text).not.toContain('<script>alert(1)</script>');
    await t.sql(`UPDATE keyword SET content = '云帆科技 - 深圳网站建设' WHERE keywords = 'title'`);
  });

  it('should be compressed with brotli or gzip as the browser asks', async () => {
    const br = await t.http.get('/').set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.http.get('/api/index').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });
});

/** The markup React rendered into `#root` (empty when the page is rendered in the browser). */
function markup(html: string): string {
  return /<div id="root">([\s\S]*)<\/div>\s*<script id="site-config"/.exec(html)?.[1] ?? '';
}

function state(html: string): {
  slices: Record<string, unknown>;
  api: { queries: Record<string, { status: string }> };
} {
  const json = /<script id="site-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) throw new Error('no site-state in the page');
  return JSON.parse(json);
}

describe('server rendering', () => {
  it('should render the desktop home with its services, cases and news links', async () => {
    const res = await t.http.get('/').set('User-Agent', DESKTOP_UA);
    expect(res.status).toBe(200);
    const body = markup(res.text);
    expect(body).toContain(`data-release="${release('mf-desktop')}"`);
    expect(body).toContain('data-page="index"');
    const services = await t.sql<{ id: number; name: string }>(
      'SELECT id, name FROM menu WHERE id IN (3, 4, 5, 6) ORDER BY id',
    );
    for (const service of services) expect(body).toContain(`<a href="/items/${service.id}.html"`);
    expect(body).toMatch(/<a [^>]*href="\/news\/\d+\.html"/);
    expect(body).toMatch(/<a [^>]*href="\/details\/\d+\.html\?casemenu=2"/);
    // The remote's stylesheets are in the head, inlined: the first paint is styled without another request.
    const web = path.join(repoRoot, 'mf-desktop', 'dist', 'releases', release('mf-desktop'), 'web');
    const manifest = JSON.parse(readFileSync(path.join(web, 'mf-manifest.json'), 'utf8')) as {
      exposes: { path: string; assets: { css: { sync: string[]; async: string[] } } }[];
    };
    const css = manifest.exposes.find((expose) => expose.path === './App')!.assets.css;
    const files = [...new Set([...css.sync, ...css.async])];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const source = `/remotes/mf_desktop/${release('mf-desktop')}/${file}`;
      expect(res.text).toContain(
        `<style data-href="${file}" data-source="${source}">${readFileSync(path.join(web, file), 'utf8')}</style>`,
      );
    }
    expect(res.text).not.toContain('<link rel="stylesheet"');
  });

  it('should hand the browser the data it rendered, without the session', async () => {
    const res = await t.http.get('/about.html');
    const handed = state(res.text);
    expect(Object.keys(handed.slices).sort()).toEqual(['desktop', 'site']);
    const fulfilled = Object.entries(handed.api.queries)
      .filter(([, query]) => query.status === 'fulfilled')
      .map(([key]) => key.split('(')[0])
      .sort();
    expect(fulfilled).toEqual(['about', 'contact', 'footer', 'header', 'keywords']);
  });

  it('should render case and news details with their heading, text and neighbours', async () => {
    const [item] = await t.sql<{ id: number; name: string }>(
      'SELECT id, name FROM "case" ORDER BY id LIMIT 1 OFFSET 3',
    );
    const desktop = markup((await t.http.get(`/details/${item!.id}.html`)).text);
    expect(desktop).toContain(`<h1>${item!.name}</h1>`);
    expect(desktop).toMatch(/href="\/details\/\d+\.html\?casemenu=2"[^>]*>(上一个|下一个)/);
    const [article] = await t.sql<{ id: number; title: string }>(
      'SELECT id, title FROM news ORDER BY id LIMIT 1 OFFSET 2',
    );
    const mobile = await phone(`/move/news/${article!.id}.html`);
    expect(mobile.status).toBe(200);
    expect(markup(mobile.text)).toContain(`<h1>${article!.title}</h1>`);
    expect(markup(mobile.text)).toContain(`data-release="${release('mf-mobile')}"`);
  });

  it('should render the not-found page with status 404', async () => {
    const res = await t.http.get('/details/999999.html');
    expect(res.status).toBe(404);
    expect(markup(res.text)).toContain('data-testid="not-found"');
    expect(res.text).toContain('<title>页面不存在 - 云帆科技</title>');
  });

  it('should keep content from closing the state script', async () => {
    const evil = '攻击</script><script>alert(1)</script><!--';
    const [article] = await t.sql<{ id: number }>(
      `UPDATE news SET title = $1 WHERE id = (SELECT min(id) FROM news) RETURNING id`,
      [evil],
    );
    const res = await t.http.get(`/news/${article!.id}.html`);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    const detail = Object.values(state(res.text).api.queries).find(
      (query) => (query as { endpointName?: string }).endpointName === 'newsDetail',
    ) as unknown as { data: { title: string } };
    expect(detail.data.title).toBe(evil);
    expect(markup(res.text)).toContain('攻击&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
  });

  it('should name the mobile version on desktop pages and the desktop page as canonical on mobile ones', async () => {
    const desktop = await t.http.get('/about.html').set('Host', 'www.yunfan.test');
    expect(desktop.text).toContain(
      '<link rel="alternate" media="only screen and (max-width: 640px)" href="http://www.yunfan.test/move/zhy.html" />',
    );
    expect(desktop.text).toContain('<meta property="og:title" content="关于我们 - 云帆科技" />');
    const mobile = await phone('/move/zhy.html').set('Host', 'www.yunfan.test');
    expect(mobile.text).toContain('<link rel="canonical" href="http://www.yunfan.test/about.html" />');
    expect(mobile.text).toContain('<meta name="applicable-device" content="mobile" />');
    // A customer-case tab is paired with its own tab, both ways.
    const tab = await t.http.get('/webcase/3.html').set('Host', 'www.yunfan.test');
    expect(tab.text).toContain(
      '<link rel="alternate" media="only screen and (max-width: 640px)" href="http://www.yunfan.test/move/case.html?tab=3" />',
    );
    const mobileTab = await phone('/move/case.html?tab=3').set('Host', 'www.yunfan.test');
    expect(mobileTab.text).toContain('<link rel="canonical" href="http://www.yunfan.test/webcase/3.html" />');
    const [item] = await t.sql<{ id: number; img: string }>('SELECT id, img FROM "case" ORDER BY id LIMIT 1');
    const card = await t.http.get(`/details/${item!.id}.html`).set('Host', 'www.yunfan.test');
    expect(card.text).toContain(`<meta property="og:image" content="http://www.yunfan.test${item!.img}" />`);
    expect(card.text).toContain('<meta property="og:type" content="article" />');
  });

  it('should leave the back office to the browser', async () => {
    const res = await t.http.get('/admin/');
    expect(res.status).toBe(200);
    expect(markup(res.text).trim()).toBe('');
    expect(res.text).not.toContain('id="site-state"');
    // Nor does it report visitor experience, nor does a page that is not found.
    expect(config(res.text)).toMatchObject({ vitals: null });
    expect(config((await t.http.get('/no-such-page.html')).text)).toMatchObject({ vitals: null });
  });

  it('should render every page in the browser when server rendering is off', async () => {
    const other = await createTestApp({ SSR: 'false' });
    try {
      const res = await other.http.get('/about.html');
      expect(res.status).toBe(200);
      expect(markup(res.text).trim()).toBe('');
      expect(res.text).toContain('id="site-config"');
      expect(res.text).not.toContain('id="site-state"');
    } finally {
      await other.close();
    }
  });
});

describe('contact map provider', () => {
  it('should allow no frames by default and the OpenStreetMap frame when it is the provider', async () => {
    expect((await t.http.get('/about.html')).headers['content-security-policy']).toContain("frame-src 'none'");
    const other = await createTestApp({ MAP_PROVIDER: 'osm' });
    try {
      const res = await other.http.get('/about.html');
      expect(res.headers['content-security-policy']).toContain('frame-src https://www.openstreetmap.org');
      expect(config(res.text)).toMatchObject({ map: { provider: 'osm' } });
    } finally {
      await other.close();
    }
  });
});

describe('third-party scripts', () => {
  it('should name and admit WeChat and the statistics provider only when configured', async () => {
    const plain = await t.http.get('/move/zhy.html').set('User-Agent', MOBILE_UA);
    expect(config(plain.text)).toMatchObject({ wechat: false, analyticsId: null });
    // Nothing configured to do at load: the page's code waits for the visitor.
    expect(config(plain.text)).not.toHaveProperty('startAtLoad');
    expect(plain.headers['content-security-policy']).not.toMatch(/res\.wx\.qq\.com|hm\.baidu\.com/);
    const other = await createTestApp({
      WECHAT_APPID: 'wx1234567890',
      WECHAT_SECRET: 'secret',
      ANALYTICS_ID: 'abc123',
    });
    try {
      const res = await other.http.get('/move/zhy.html').set('User-Agent', MOBILE_UA);
      expect(config(res.text)).toMatchObject({ wechat: true, analyticsId: 'abc123', startAtLoad: 'always' });
      // The mobile remote counts statistics at load; the desktop one does nothing at load.
      const desktop = await other.http.get('/about.html').set('User-Agent', DESKTOP_UA);
      expect(config(desktop.text)).not.toHaveProperty('startAtLoad');
      expect(res.headers['content-security-policy']).toContain(
        "script-src 'self' https://res.wx.qq.com https://hm.baidu.com",
      );
    } finally {
      await other.close();
    }
    // An official account without statistics: only WeChat's browser registers sharing at load.
    const wechatOnly = await createTestApp({ WECHAT_APPID: 'wx1234567890', WECHAT_SECRET: 'secret' });
    try {
      const res = await wechatOnly.http.get('/move/zhy.html').set('User-Agent', MOBILE_UA);
      expect(config(res.text)).toMatchObject({ wechat: true, analyticsId: null, startAtLoad: 'wechat' });
    } finally {
      await wechatOnly.close();
    }
  });
});

describe('server start-up redirect', () => {
  const MATRIX: Array<{ ua: string; host: string; path: string; to: string | null }> = [
    { ua: DESKTOP_UA, host: 'www.yunfan.test', path: '/', to: null },
    { ua: DESKTOP_UA, host: 'www.yunfan.test', path: '/index.html', to: '/' },
    { ua: DESKTOP_UA, host: 'www.yunfan.test', path: '/move/', to: '/' },
    { ua: DESKTOP_UA, host: 'www.yunfan.test', path: '/move/zhy.html', to: '/' },
    { ua: DESKTOP_UA, host: 'www.yunfan.test', path: '/admin', to: '/admin/' },
    { ua: DESKTOP_UA, host: 'www.yunfan.test', path: '/about.html', to: null },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/', to: '/move/' },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/index.html', to: '/move/' },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/move/', to: null },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/about.html', to: '/move/zhy.html' },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/details/1.html', to: '/move/details/1.html' },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/webcase/4.html', to: '/move/case.html?tab=4' },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/itemnews.html', to: null },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/items/search.html', to: null },
    { ua: DESKTOP_UA, host: 'www.yunfan.test', path: '/itemnews.html', to: null },
    { ua: MOBILE_UA, host: 'www.yunfan.test', path: '/admin', to: '/admin/' },
    { ua: DESKTOP_UA, host: 'm.yunfan.test', path: '/', to: '/move/' },
    { ua: DESKTOP_UA, host: 'm.yunfan.test:8080', path: '/index.html', to: '/move/' },
    { ua: DESKTOP_UA, host: 'm.yunfan.test', path: '/move/', to: null },
    { ua: DESKTOP_UA, host: 'm.yunfan.test', path: '/admin/', to: null },
    { ua: DESKTOP_UA, host: 'm.yunfan.test', path: '/news/1.html', to: '/move/news/1.html' },
    { ua: MOBILE_UA, host: 'm.yunfan.test', path: '/', to: '/move/' },
  ];
  for (const row of MATRIX) {
    const device = row.ua === MOBILE_UA ? 'phone' : 'computer';
    it(`should answer a ${device} on ${row.host} at ${row.path} with ${row.to ? `302 ${row.to}` : 'the page'}`, async () => {
      const res = await t.http.get(row.path).set('Host', row.host).set('User-Agent', row.ua).redirects(0);
      if (row.to) {
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(row.to);
      } else {
        expect([200, 404]).toContain(res.status);
        expect(res.text).toContain('id="site-config"');
      }
      // Phones and computers are told apart only where the redirect treats them differently.
      const other = row.ua === MOBILE_UA ? DESKTOP_UA : MOBILE_UA;
      const redirectFor = (ua: string) =>
        decideStartupRedirect({ host: row.host, path: row.path, userAgent: ua, mobileHosts: ['m.yunfan.test'] });
      if (redirectFor(row.ua) === redirectFor(other)) expect(res.headers.vary).not.toMatch(/User-Agent/);
      else expect(res.headers.vary).toMatch(/User-Agent/);
    });
  }

  it('should keep the query string through the redirect', async () => {
    const res = await t.http.get('/index.html?from=baidu').set('User-Agent', MOBILE_UA).redirects(0);
    expect(res.headers.location).toBe('/move/?from=baidu');
    const deep = await t.http
      .get('/details/1.html?casemenu=3&from=singlemessage')
      .set('User-Agent', MOBILE_UA)
      .redirects(0);
    expect(deep.headers.location).toBe('/move/details/1.html?casemenu=3&from=singlemessage');
    const tab = await t.http.get('/webcase/2.html?tab=5&from=timeline').set('User-Agent', MOBILE_UA).redirects(0);
    expect(tab.headers.location).toBe('/move/case.html?tab=2&from=timeline');
  });
});

describe('front-end files', () => {
  it('should serve the shell build for a year and its favicon revalidated', async () => {
    const page = await t.http.get('/');
    for (const name of ['start', 'main']) {
      const script = new RegExp(`"(/assets/${name}\\.[0-9a-f]{8}\\.js)"`).exec(page.text)![1]!;
      const res = await t.http.get(script);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await t.http.get('/assets/favicon.svg')).headers['cache-control']).toBe('no-cache');
    expect((await t.http.get('/assets/nothing.js')).status).toBe(404);
  });

  it('should serve remote releases immutable and their manifests revalidated', async () => {
    const base = `/remotes/mf_mobile/${release('mf-mobile')}`;
    const manifest = await t.http.get(`${base}/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.body.name).toBe('mf_mobile');
    const entry = await t.http.get(`${base}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.http.get('/remotes/mf_mobile/r-none/remoteEntry.js')).status).toBe(404);
    expect((await t.http.get('/remotes/other/x.js')).status).toBe(404);
    expect((await t.http.get(`${base}/../current.json`)).status).toBe(404);
  });
});

describe('GET /api/frontend/remotes', () => {
  it('should answer the pointer, never cached', async () => {
    const res = await t.http.get('/api/frontend/remotes');
    expect(res.headers['cache-control']).toBe('no-cache');
    const pointer = ok<{ remotes: Record<string, { entry: string }> }>(res);
    expect(Object.keys(pointer.remotes).sort()).toEqual(['mf_admin', 'mf_desktop', 'mf_mobile']);
  });

  it('should point a remote at another origin when configured', async () => {
    const other = await createTestApp({
      REMOTE_MF_MOBILE_URL: 'https://cdn.yunfan.example.com/mf-mobile/r42/mf-manifest.json',
    });
    try {
      const pointer = ok<{ remotes: Record<string, { entry: string; release: string }> }>(
        await other.http.get('/api/frontend/remotes'),
      );
      expect(pointer.remotes.mf_mobile).toEqual({
        entry: 'https://cdn.yunfan.example.com/mf-mobile/r42/mf-manifest.json',
        release: 'external',
      });
      expect(pointer.remotes.mf_desktop!.entry).toMatch(/^\/remotes\/mf_desktop\//);
    } finally {
      await other.close();
    }
  });
});
