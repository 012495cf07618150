import { jest } from '@jest/globals';
import pg from 'pg';
import { MediaLibrary } from '../src/content/uploads/media-library.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * What one page costs the database: every query PostgreSQL receives while the server renders the page (its own
 * reads, and those of the API calls the render makes). Each row is read once: no query is sent twice, the
 * keywords are read once, each site block once, and a case page reads its case in one query.
 */
let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  // Without the published-content cache: what one render costs when nothing is cached yet.
  t = await createTestApp({ CACHE: 'false' });
  plain = await createTestApp({ SSR: 'false', CACHE: 'false' }, { reuse: t });
  // The media library records the stored pictures in the background at start: done before anything is counted.
  await Promise.all([t, plain].map((app) => app.app.get(MediaLibrary).settled()));
});
afterAll(async () => {
  await plain.close();
  await t.close();
});

interface Query {
  text: string;
  values: unknown[];
}

async function queriesOf(
  app: TestApp,
  path: string,
  userAgent?: string,
): Promise<{ status: number; queries: Query[] }> {
  const queries: Query[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args) {
    const [text, values] = args as unknown as [string | { text: string }, unknown[] | undefined];
    queries.push({ text: typeof text === 'string' ? text : text.text, values: values ?? [] });
    return original.apply(this, args) as never;
  });
  try {
    // A fixed host: supertest's own changes with every request, and a page's links are made with it.
    const request = app.http.get(path).set('Host', 'www.yunfan.test');
    const res = await (userAgent ? request.set('User-Agent', userAgent) : request);
    return { status: res.status, queries };
  } finally {
    spy.mockRestore();
  }
}

const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** Queries that read `table` (quoted or not). */
const reading = (queries: Query[], table: string) =>
  queries.filter((query) => new RegExp(`FROM "?${table}"?(\\s|$)`).test(query.text));

function expectEachRowOnce(queries: Query[]): void {
  const keys = queries.map((query) => `${query.text} ${JSON.stringify(query.values)}`);
  expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  expect(reading(queries, 'keyword')).toHaveLength(1);
  const blocks = reading(queries, 'site_block').map((query) => query.values[0]);
  expect(blocks).toEqual([...new Set(blocks)]);
}

describe('a server render', () => {
  it.each([
    ['/', undefined],
    ['/about.html', undefined],
    ['/items/3.html', undefined],
    ['/itemnews.html', undefined],
    ['/webcase/2.html', undefined],
    ['/items/search.html?keyword=网站', undefined],
    ['/move/index.html', MOBILE_UA],
    ['/move/us.html', MOBILE_UA],
    ['/move/case.html', MOBILE_UA],
  ])('of %s should read each row once', async (path, userAgent) => {
    const { status, queries } = await queriesOf(t, path, userAgent);
    expect(status).toBe(200);
    expectEachRowOnce(queries);
  });

  it.each([
    ['/details', 'case'],
    ['/move/details', 'case'],
    ['/news', 'news'],
    ['/move/news', 'news'],
  ])('of an item page under %s should read the item in one query', async (prefix, table) => {
    const [item] = await t.sql<{ id: number }>(`SELECT id FROM "${table}" ORDER BY id LIMIT 1 OFFSET 3`);
    const { status, queries } = await queriesOf(
      t,
      `${prefix}/${item!.id}.html`,
      prefix.startsWith('/move') ? MOBILE_UA : undefined,
    );
    expect(status).toBe(200);
    expectEachRowOnce(queries);
    expect(reading(queries, table)).toHaveLength(1);
  });

  it.each([
    ['/', undefined],
    ['/move/index.html', MOBILE_UA],
  ])('of %s should answer its data calls in-process, with no HTTP request to the server', async (path, userAgent) => {
    const server = t.app.getHttpServer();
    const seen: string[] = [];
    const count = (req: import('node:http').IncomingMessage) => seen.push(req.url ?? '');
    server.on('request', count);
    try {
      const { status, queries } = await queriesOf(t, path, userAgent);
      expect(status).toBe(200);
      // The data was read (the page is not empty) without one call to /api/ over the network.
      expect(reading(queries, 'site_block').length).toBeGreaterThan(0);
      expect(seen).toEqual([path]);
    } finally {
      server.off('request', count);
    }
  });

  it('of an unknown item should answer 404 after one read of it', async () => {
    const { status, queries } = await queriesOf(t, '/details/999999.html');
    expect(status).toBe(404);
    expect(reading(queries, 'case')).toHaveLength(1);
  });
});

describe('a page rendered in the browser (SSR=false)', () => {
  it('should take its existence and head from its route module, reading the item once', async () => {
    const [item] = await t.sql<{ id: number; name: string }>('SELECT id, name FROM "case" ORDER BY id LIMIT 1');
    const { status, queries } = await queriesOf(plain, `/details/${item!.id}.html`);
    expect(status).toBe(200);
    expectEachRowOnce(queries);
    expect(reading(queries, 'case')).toHaveLength(1);
    const page = await plain.http.get(`/details/${item!.id}.html`);
    expect(page.text).toContain(`<title>${item!.name} - 云帆科技</title>`);
    expect((await plain.http.get('/details/999999.html')).status).toBe(404);
    expect((await plain.http.get('/webcase/9.html')).status).toBe(404);
    expect((await plain.http.get('/webcase/3.html')).status).toBe(200);
  });
});

describe('with the published-content cache', () => {
  it('should render a page once and then answer it, and the answers it used, without the database', async () => {
    const cached = await createTestApp({}, { reuse: t });
    await cached.app.get(MediaLibrary).settled();
    try {
      const first = await queriesOf(cached, '/about.html');
      expect(first.status).toBe(200);
      expect(first.queries.length).toBeGreaterThan(0);
      const again = await queriesOf(cached, '/about.html');
      expect({ status: again.status, queries: again.queries }).toEqual({ status: 200, queries: [] });
      // The render's own reads were cached on the way: another page made of them needs only its own.
      const other = await queriesOf(cached, '/move/zhy.html', MOBILE_UA);
      expect(reading(other.queries, 'site_block').map((query) => query.values[0])).not.toContain('about');
    } finally {
      await cached.close();
    }
  });
});
