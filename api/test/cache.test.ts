import { cpSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CaseDetail, FooterData, HeaderData, IndexData } from '@site/shared-types';
import pg from 'pg';
import type { Response } from 'supertest';
import { CacheServer } from '../src/delivery/cache/cache-server.js';
import { adminCall, login } from './support/admin-session.js';
import { ok } from './support/envelope.js';
import { SAMPLE_IMAGES } from './support/images/sample-images.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The published-content cache (docs/decisions.md "Published-content cache"): public answers and pages as ready
 * bytes with ETags, fresh on the very next request after any write that changes published content.
 */
const HOST = 'www.yunfan.test';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  token = await login(t);
});
afterAll(() => t.close());
const page = (route: string) => t.http.get(route).set('Host', HOST);
const call = (route: string, body: object = {}) => adminCall(t, token, route, body);
const state = (res: Response) => res.headers['x-cache'];
const stats = () => t.app.get(CacheServer).stats();

/** A page's bytes exactly as sent (no client decoding), with its headers. */
function rawGet(route: string, headers: Record<string, string>, method = 'GET') {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: route, method, headers: { Host: HOST, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('a client that hangs up', () => {
  it('should not cost the requests waiting for the same page their answer', async () => {
    const cache = t.app.get(CacheServer);
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    cache.flush();
    // The render waits on the site's blocks, held by this transaction, until the first client has hung up.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE site_block IN ACCESS EXCLUSIVE MODE');
      const misses = cache.stats().main.misses;
      const first = net.connect(port, '127.0.0.1');
      first.on('error', () => undefined);
      first.write(`GET /about.html HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`);
      await until(() => cache.stats().main.misses > misses);
      const joined = cache.stats().main.hits;
      const waiters = Array.from({ length: 30 }, () =>
        rawGet('/about.html', {}).then(
          (res) => ({ status: res.status, whole: res.body.toString().includes('</html>') }),
          (error: Error) => ({ status: 0, whole: false, error: error.message }),
        ),
      );
      await until(() => cache.stats().main.hits >= joined + 30);
      first.destroy();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await holder.query('COMMIT');
      const answers = await Promise.all(waiters);
      expect(answers.filter((answer) => answer.status !== 200 || !answer.whole)).toEqual([]);
      // The answer was made once, for everyone, and kept.
      expect(state(await page('/about.html'))).toBe('HIT');
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
  });
});

describe('answers from the cache', () => {
  it('should answer a public read from ready bytes after the first time, with a strong ETag and 304', async () => {
    const first = await t.http.get('/api/footer');
    const second = await t.http.get('/api/footer');
    expect([state(first), state(second)]).toEqual(['MISS', 'HIT']);
    expect(second.body).toEqual(first.body);
    expect(second.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
    expect(second.headers.vary).toBe('Accept-Encoding');
    // The security headers of the full pipeline come with every cached answer.
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    const unchanged = await t.http.get('/api/footer').set('If-None-Match', second.headers.etag as string);
    expect({ status: unchanged.status, body: unchanged.text }).toEqual({ status: 304, body: '' });
  });

  it('should send brotli, gzip and identity bytes that decode to the same answer', async () => {
    await page('/about.html');
    const br = await rawGet('/about.html', { 'Accept-Encoding': 'br' });
    const gzip = await rawGet('/about.html', { 'Accept-Encoding': 'gzip, deflate' });
    const identity = await rawGet('/about.html', {});
    expect([
      br.headers['content-encoding'],
      gzip.headers['content-encoding'],
      identity.headers['content-encoding'],
    ]).toEqual(['br', 'gzip', undefined]);
    const text = identity.body.toString('utf8');
    expect(text).toContain('<html');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(text);
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(text);
    expect(new Set([br.headers.etag, gzip.headers.etag, identity.headers.etag]).size).toBe(1);
    const head = await rawGet('/about.html', {}, 'HEAD');
    expect({ status: head.status, length: head.headers['content-length'], body: head.body.length }).toEqual({
      status: 200,
      length: String(identity.body.length),
      body: 0,
    });
  });

  it('should key a POST read by what its DTO keeps, converted', async () => {
    const body = { menu: 3, amount: 3, type: 1, page: 4 };
    await t.http.post('/api/itemmore').send(body);
    for (const same of [
      body,
      { ...body, menu: '3' },
      { ...body, junk: 'x', __proto__: { polluted: true } },
      { page: 4, type: 1, amount: 3, menu: 3 },
    ]) {
      const res = await t.http.post('/api/itemmore').send(same);
      expect({ same, state: state(res), code: res.body.code }).toEqual({ same, state: 'HIT', code: 0 });
    }
    // A refusal is answered, never kept.
    const refused = await t.http.post('/api/itemmore').send({ ...body, menu: 'abc' });
    expect({ code: refused.body.code, state: state(refused) }).toEqual({ code: 2, state: 'BYPASS' });
  });

  it('should not add entries for unknown query strings, made-up fields or hosts', async () => {
    await page('/');
    await t.http.get('/api/header');
    const before = stats().main.entries;
    for (let i = 0; i < 200; i++) {
      expect(state(await page(`/?utm_source=${i}&x=${Math.random()}`))).toBe('HIT');
      expect(state(await t.http.get(`/api/header?v=${i}`))).toBe('HIT');
    }
    for (let i = 0; i < 20; i++) await t.http.get('/').set('Host', `forged-${i}.example`);
    // A client-chosen host never takes a place: not a made-up name, not a name under `.yunfan.test`, not
    // this machine's name on another port.
    for (let i = 1; i <= 10; i++) {
      await t.http.get('/').set('Host', `localhost:${i}`);
      await t.http.get('/').set('Host', `shop-${i}.yunfan.test`);
    }
    expect(stats().main.entries).toBe(before);
  });

  it('should keep caching the real origin whatever hosts were asked for first', async () => {
    t.app.get(CacheServer).flush();
    for (let i = 1; i <= 8; i++) {
      expect((await t.http.get('/about.html').set('Host', `localhost:${i}`)).status).toBe(200);
    }
    for (const host of [HOST, `127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`]) {
      await t.http.get('/about.html').set('Host', host);
      expect(state(await t.http.get('/about.html').set('Host', host))).toBe('HIT');
    }
  });

  it('should answer every spelling of a page but its own with a 301 or a 404, and keep none of them', async () => {
    const [item] = await t.sql<{ id: number }>('SELECT id FROM "case" WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
    const id = item!.id;
    await page('/about.html');
    await page(`/details/${id}.html`);
    await page(`/details/${id}.html?casemenu=3`);
    const before = stats().main;
    const moved: Array<[string, string]> = [
      ['/about.html/', '/about.html'],
      ['/about.html//', '/about.html'],
      [`/details/0${id}.html`, `/details/${id}.html`],
      [`/details/${id}.html?casemenu=03`, `/details/${id}.html?casemenu=3`],
      [`/details/${id}.html?casemenu=01`, `/details/${id}.html`],
      [`/details/${id}.html?casemenu=999&from=wx`, `/details/${id}.html?from=wx`],
    ];
    const missing = ['//about.html', '/./about.html', `/details//${id}.html`, '/about.html/x'];
    for (let round = 0; round < 3; round++) {
      for (const [asked, location] of moved) {
        const res = await rawGet(asked, {});
        expect({ asked, status: res.status, location: res.headers.location }).toEqual({ asked, status: 301, location });
      }
      for (const asked of missing) {
        const res = await rawGet(asked, {});
        expect({ asked, status: res.status }).toEqual({ asked, status: 404 });
        const html = res.body.toString();
        expect(html).toContain('抱歉，您访问的页面不存在');
        expect(html).toContain('<meta name="robots" content="noindex" />');
        expect(html).not.toContain('rel="canonical"');
      }
      // Many spellings of one page cost no entry and push nothing out.
      for (let i = 0; i < 50; i++) {
        await rawGet(`/details/${'0'.repeat(1 + (i % 5))}${id}.html?casemenu=${i}`, {});
        await rawGet(`/about.html${'/'.repeat(1 + (i % 3))}?n=${i}`, {});
      }
    }
    const after = stats().main;
    expect({ entries: after.entries, evictions: after.evictions }).toEqual({
      entries: before.entries,
      evictions: before.evictions,
    });
    for (const own of ['/about.html', `/details/${id}.html`, `/details/${id}.html?casemenu=3`]) {
      expect(state(await page(own))).toBe('HIT');
    }
  });

  it('should answer a made-up token from the cache, and let only a live session past it', async () => {
    await t.http.get('/api/header');
    await page('/about.html');
    const madeUp = ['x', 'A'.repeat(43), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`];
    for (const value of madeUp) {
      const read = await t.http.get('/api/header').set('token', value);
      const shown = await page('/about.html').set('token', value);
      expect({ value, read: state(read), page: state(shown) }).toEqual({ value, read: 'HIT', page: 'HIT' });
    }
    expect(state(await page('/about.html?token=abc'))).toBe('HIT');
    expect(state(await t.http.get('/api/header').set('token', token))).toBeUndefined();
    // A token that was good once, and whose session has ended, is a visitor's.
    const ended = await login(t);
    ok(await adminCall(t, ended, '/api/quit'));
    expect(state(await t.http.get('/api/header').set('token', ended))).toBe('HIT');
  });

  it('should leave the back office, tokens, sharing, leads and uploads alone', async () => {
    const admin = await call('/api/getheader');
    expect(state(admin)).toBeUndefined();
    const withToken = await t.http.get('/api/header').set('token', token);
    expect(state(withToken)).toBeUndefined();
    const share = await t.http.post('/api/share').send({ url: 'https://www.yunfan.test/move/' });
    expect(state(share)).toBeUndefined();
    const lead = await t.http.post('/api/leaveword').send({ name: '测试', phone: '13800000000', content: '你好' });
    expect(state(lead)).toBeUndefined();
    expect(state(await page('/admin/'))).toBeUndefined();
  });
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 6000 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done()).toBe(true);
}

/** A site block as the test edits it (each block has its own shape; the test changes one field of each). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any block's shape
type Block = Record<string, any>;

describe('fresh after every write of published content', () => {
  async function cached(route: string, body?: object): Promise<Response> {
    const get = () =>
      body ? t.http.post(route).send(body) : route.startsWith('/api/') ? t.http.get(route) : page(route);
    await get();
    const res = await get();
    expect({ route, state: state(res) }).toEqual({ route, state: 'HIT' });
    return res;
  }

  it('should show a changed case at once, and a deleted one gone', async () => {
    const [item] = await t.sql<{ id: number }>('SELECT id FROM "case" ORDER BY id LIMIT 1');
    await cached('/api/details', { case: item!.id, casemenu: 2 });
    await cached(`/details/${item!.id}.html`);
    const form = ok<Record<string, unknown>>(await call('/api/getcase', { caseid: item!.id }));
    ok(await call('/api/amendcase', { ...form, name: '缓存测试改名案例' }));
    const detail = await t.http.post('/api/details').send({ case: item!.id, casemenu: 2 });
    expect({ state: state(detail), name: ok<CaseDetail>(detail).name }).toEqual({
      state: 'MISS',
      name: '缓存测试改名案例',
    });
    expect((await page(`/details/${item!.id}.html`)).text).toContain('缓存测试改名案例');

    await cached(`/details/${item!.id}.html`);
    ok(await call('/api/deletecase', { id: item!.id }));
    expect((await page(`/details/${item!.id}.html`)).status).toBe(404);
  });

  it('should show a changed article and a changed menu at once', async () => {
    const [article] = await t.sql<{ id: number }>('SELECT id FROM news ORDER BY id LIMIT 1');
    await cached(`/news/${article!.id}.html`);
    const form = ok<Record<string, unknown>>(await call('/api/getnews', { newsid: article!.id }));
    ok(await call('/api/amendnews', { ...form, title: '缓存测试文章标题' }));
    expect((await page(`/news/${article!.id}.html`)).text).toContain('缓存测试文章标题');

    await cached('/api/header');
    const menu = ok<Record<string, unknown>>(await call('/api/getmenu', { menuid: 3 }));
    ok(await call('/api/amendmenu', { ...menu, title: '缓存测试栏目' }));
    expect(ok<HeaderData>(await t.http.get('/api/header')).programas.map((entry) => entry.name)).toContain(
      '缓存测试栏目',
    );
  });

  it('should show changed keywords and every site block at once', async () => {
    await cached('/');
    ok(await call('/api/KeyswordsUpdate', { id: 1, content: '缓存测试标题 - 深圳网站建设' }));
    expect((await page('/')).text).toContain('<title>缓存测试标题 - 深圳网站建设</title>');

    const blocks: Array<[string, string, string, (block: Block) => void, (res: Response) => unknown]> = [
      [
        '/api/getheader',
        '/api/amendheader',
        '/api/header',
        (b) => (b.logo.alt = '缓存测试标志'),
        (r) => ok<HeaderData>(r).logo.alt,
      ],
      [
        '/api/getfooter',
        '/api/amendfooter',
        '/api/footer',
        (b) => (b.wechat.p1 = '缓存测试关注'),
        (r) => ok<FooterData>(r).wechat.p1,
      ],
      [
        '/api/gethome',
        '/api/amendhome',
        '/api/index',
        (b) => (b.success.title = '缓存测试案例'),
        (r) => ok<IndexData>(r).success.title,
      ],
      [
        '/api/getabout',
        '/api/amendabout',
        '/api/about',
        (b) => (b.culture.title = '缓存测试文化'),
        (r) => ok<{ culture: { title: string } }>(r).culture.title,
      ],
      [
        '/api/getrelation',
        '/api/amendrelation',
        '/api/contact',
        (b) => (b.workTime = '缓存测试时间'),
        (r) => ok<{ workTime: string }>(r).workTime,
      ],
    ];
    for (const [get, amend, read, change, value] of blocks) {
      await cached(read);
      const block = ok<Block>(await call(get));
      change(block);
      ok(await call(amend, block));
      const fresh = await t.http.get(read);
      expect({ read, state: state(fresh), value: value(fresh) }).toEqual({
        read,
        state: 'MISS',
        value: expect.stringContaining('缓存测试'),
      });
    }
  });

  it('should keep what is cached through calls that change nothing published', async () => {
    await cached('/api/index');
    await call('/api/leavewords', {});
    await call('/api/getcase', { caseid: 1 });
    await login(t);
    const upload = await t.http.post('/api/uploader').set('token', token).attach('file', SAMPLE_IMAGES.png, 'a.png');
    expect(upload.body.code).toBe(0);
    expect(state(await t.http.get('/api/index'))).toBe('HIT');
  });

  it('should render pages with a new release of a remote within a second of its switch', async () => {
    const repoRoot = path.resolve(import.meta.dirname, '..', '..');
    const dist = path.join(repoRoot, 'mf-desktop', 'dist');
    const current = (JSON.parse(readFileSync(path.join(dist, 'current.json'), 'utf8')) as { release: string }).release;
    const copy = `${current}-cachetest`;
    cpSync(path.join(dist, 'releases', current), path.join(dist, 'releases', copy), { recursive: true });
    try {
      await cached('/about.html');
      // The switch as the release service writes it (the database announces it to every instance).
      await t.sql(
        `INSERT INTO remote_release (remote, active) VALUES ('mf_desktop', $1)
         ON CONFLICT (remote) DO UPDATE SET active = EXCLUDED.active`,
        [copy],
      );
      const switched = Date.now();
      let after = await page('/about.html');
      while (!after.text.includes(`/remotes/mf_desktop/${copy}/`) && Date.now() - switched < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await page('/about.html');
      }
      expect(after.text).toContain(`/remotes/mf_desktop/${copy}/`);
      expect(Date.now() - switched).toBeLessThan(1000);
    } finally {
      await t.sql(`DELETE FROM remote_release WHERE remote = 'mf_desktop'`);
      rmSync(path.join(dist, 'releases', copy), { recursive: true, force: true });
    }
  });
});

describe('CACHE=false', () => {
  it('should compute every answer', async () => {
    const plain = await createTestApp({ CACHE: 'false' }, { reuse: t });
    try {
      await plain.http.get('/api/header');
      const res = await plain.http.get('/api/header');
      expect(res.body.code).toBe(0);
      expect(res.headers['x-cache']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
