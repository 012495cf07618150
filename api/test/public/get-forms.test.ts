import { canonicalQuery, type CaseSummary, type ItemsData, type Paged } from '@site/shared-types';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Every public read has a GET form (docs/behaviour.md#public-calls): its fields in one canonical query string,
 * answered with the same bytes as the POST form, cached, ETagged and marked public, so a CDN or a proxy cache can
 * keep it and a proxy may retry it on another server.
 */
let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  plain = await createTestApp({ CACHE: 'false' }, { reuse: t });
});
afterAll(async () => {
  await plain.close();
  await t.close();
});

const PUBLIC_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** Each read the wire contract has as a POST, with fields its page would send. */
async function reads(): Promise<Array<{ path: string; fields: Record<string, string | number> }>> {
  const items = ok<ItemsData>(await t.http.post('/api/items').send({ menu: 3 }));
  const caseId = items.case.caselist[0]!.id;
  const news = ok<Paged<CaseSummary>>(await t.http.post('/api/newmore').send({ menu: 0, page: 0, amount: 1 }));
  return [
    { path: '/api/keyswords', fields: {} },
    { path: '/api/items', fields: { menu: 3 } },
    { path: '/api/itemmore', fields: { menu: 3, page: 0, amount: 3, type: 1 } },
    { path: '/api/details', fields: { case: caseId, casemenu: 3 } },
    { path: '/api/itemnewscut', fields: { case: news.data[0]!.id, state: 0 } },
    { path: '/api/newmore', fields: { menu: 0, page: 0, amount: 3 } },
    { path: '/api/webcasecut', fields: { menu: 2 } },
    { path: '/api/search', fields: { keyword: '网站', type: 1, page: 0, amount: 3 } },
  ];
}

const get = (app: TestApp, path: string, fields: object) => {
  const query = canonicalQuery(fields);
  return app.http.get(query ? `${path}?${query}` : path);
};

describe('the GET form of a public read', () => {
  it('should answer the same bytes as the POST form, with and without the cache', async () => {
    for (const { path, fields } of await reads()) {
      for (const app of [t, plain]) {
        const posted = await app.http.post(path).send(fields);
        const got = await get(app, path, fields);
        ok(got);
        expect({ path, text: got.text }).toEqual({ path, text: posted.text });
      }
    }
  });

  it('should be kept by the cache under one key with its POST form, public, with an ETag and a 304', async () => {
    for (const { path, fields } of await reads()) {
      const first = await get(t, path, fields);
      const again = await get(t, path, fields);
      expect({ path, cache: again.headers['x-cache'] }).toEqual({ path, cache: 'HIT' });
      expect(again.headers['cache-control']).toBe(PUBLIC_CACHE);
      expect(again.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(again.headers.etag).toBe(first.headers.etag);
      const posted = await t.http.post(path).send(fields);
      expect({ path, cache: posted.headers['x-cache'], etag: posted.headers.etag }).toEqual({
        path,
        cache: 'HIT',
        etag: first.headers.etag,
      });
      const query = canonicalQuery(fields);
      const unchanged = await t.http
        .get(query ? `${path}?${query}` : path)
        .set('If-None-Match', String(first.headers.etag));
      expect({ path, status: unchanged.status }).toEqual({ path, status: 304 });
    }
  });

  it('should read another spelling of the same fields as the same read', async () => {
    const canonical = await t.http.get('/api/items?menu=3');
    const other = await t.http.get('/api/items?utm_source=x&menu=03');
    expect(other.text).toBe(canonical.text);
    expect(other.headers.etag).toBe(canonical.headers.etag);
  });

  it('should refuse fields that are missing or malformed like the POST form does', async () => {
    expect(refused(await t.http.get('/api/items'), 2)).toBe(refused(await t.http.post('/api/items').send({}), 2));
    expect(refused(await t.http.get('/api/items?menu=abc'), 2)).toBe('参数 menu 必须是正整数');
    refused(await t.http.get('/api/itemmore?menu=3&menu=4&page=0&amount=3'), 2);
    refused(await t.http.get('/api/details?case=1%00'), 2);
    // A refusal is never kept.
    expect((await t.http.get('/api/items?menu=abc')).headers['x-cache']).not.toBe('HIT');
  });
});
