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
    const res = await t.http.get('/about.html').set('Host', 'www.yunfan.test');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain(`<title>${title!.content}</title>`);
    expect(res.text).toContain(`<meta name="description" content="${description!.content}" />`);
    expect(res.text).toContain('<link rel="canonical" href="http://www.yunfan.test/about.html" />');
    expect(res.text).toMatch(/<script defer src="\/assets\/main\.[0-9a-f]{8}\.js"><\/script>/);
    expect(config(res.text)).toEqual({
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
    const mobile = await t.http.get(`/move/news/${article!.id}.html`);
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
      const res = await t.http.get(route);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
      expect(res.text).toContain('id="site-config"');
    }
  });

  it('should know the existing ids of item and customer-case pages', async () => {
    for (const route of ['/items/3.html', '/webcase/101.html', '/webcase/5.html', '/move/items/4.html']) {
      expect((await t.http.get(route)).status).toBe(200);
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

describe('front-end files', () => {
  it('should serve the shell build for a year and its favicon revalidated', async () => {
    const page = await t.http.get('/');
    const script = /src="(\/assets\/main\.[0-9a-f]{8}\.js)"/.exec(page.text)![1]!;
    const res = await t.http.get(script);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
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
