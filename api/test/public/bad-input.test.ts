import { failedWith, ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function tableCounts() {
  const [row] = await t.sql<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM menu) AS menu, (SELECT count(*)::int FROM "case") AS cases,
            (SELECT count(*)::int FROM news) AS news, (SELECT count(*)::int FROM keyword) AS keywords`,
  );
  return row;
}

describe('bad input', () => {
  it('should answer malformed JSON with HTTP 400 and the envelope', async () => {
    const res = await t.http.post('/api/items').set('Content-Type', 'application/json').send('{"menu": 3,');
    expect(failedWith(res, 400)).toBe('请求格式不正确');
  });

  it('should answer a body over 1 MiB with HTTP 413', async () => {
    const res = await t.http.post('/api/search').send({ keyword: 'x'.repeat(1024 * 1024 + 10), amount: 3, page: 0 });
    expect(failedWith(res, 413)).toBe('请求内容过大');
  });

  it('should answer an unknown API path with HTTP 404', async () => {
    failedWith(await t.http.post('/api/nothing-here').send({}), 404);
    failedWith(await t.http.get('/api/header/extra'), 404);
  });

  it.each([
    ['an object', { menu: { $gt: 0 } }],
    ['an array', { menu: [3] }],
    ['a fraction', { menu: 3.5 }],
    ['a boolean', { menu: true }],
    ['a numeric string with a suffix', { menu: '3.html' }],
    ['an injection-shaped string', { menu: '3; DROP TABLE menu' }],
    ['a negative number', { menu: -3 }],
    ['a number beyond a PostgreSQL integer', { menu: 2 ** 31 }],
    ['null', { menu: null }],
  ])('should refuse %s as an id with code 2 naming the field', async (_what, body) => {
    expect(refused(await t.http.post('/api/items').send(body), 2)).toContain('menu');
  });

  it('should refuse a body that is not a JSON object', async () => {
    expect(refused(await t.http.post('/api/items').send([{ menu: 3 }]), 2)).toBe('请求体必须是 JSON 对象');
    // express.json's strict mode: only objects and arrays are JSON bodies.
    const res = await t.http.post('/api/items').set('Content-Type', 'application/json').send('"3"');
    failedWith(res, 400);
  });

  it('should refuse a missing body naming the first required field', async () => {
    expect(refused(await t.http.post('/api/details'), 2)).toContain('case');
  });

  it('should ignore unknown fields and prototype keys', async () => {
    const res = await t.http
      .post('/api/items')
      .set('Content-Type', 'application/json')
      .send(
        '{"menu": 3, "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "extra": 1}',
      );
    ok(res);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('should accept a form-encoded body like old clients send', async () => {
    const [first] = await t.sql<{ id: number }>('SELECT min(id)::int AS id FROM "case"');
    const detail = ok<{ id: number }>(
      await t.http.post('/api/details').type('form').send(`case=${first!.id}&casemenu=2`),
    );
    expect(detail.id).toBe(first!.id);
  });

  it('should leave every table as it was after injection-shaped values', async () => {
    const before = await tableCounts();
    const attempts = [
      t.http.post('/api/search').send({ keyword: '\'; DELETE FROM "case"; --', amount: 3, page: 0 }),
      t.http.post('/api/search').send({ keyword: '%', type: 2, amount: 3, page: 0 }),
      t.http.post('/api/details').send({ case: '1 OR 1=1', casemenu: 2 }),
      t.http.post('/api/newmore').send({ menu: '0) OR (1=1', amount: 3, page: 0 }),
      t.http.post('/api/itemnewscut').send({ case: { toString: 'x' }, state: 0 }),
      t.http.post('/api/share').send({ url: "https://a.example.com/'; DROP TABLE keyword; --" }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.code).toBe('number');
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('should keep answering after all of the above', async () => {
    ok(await t.http.get('/api/health'));
  });
});

describe('GET /api/health', () => {
  it('should report the database up', async () => {
    expect(ok(await t.http.get('/api/health'))).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('answers', () => {
  it('should carry a request id', async () => {
    const res = await t.http.get('/api/footer');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
