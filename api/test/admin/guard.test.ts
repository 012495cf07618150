import { ADMIN_CALLS } from '../support/admin-calls.js';
import { failedWith, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the admin guard', () => {
  it.each(ADMIN_CALLS)('should refuse %s without a token (code 3), before looking at the body', async (path) => {
    refused(await t.http.post(path).send({ id: 1 }), 3);
    refused(await t.http.post(path).set('token', 'x'.repeat(43)).send({}), 3);
  });

  it('should answer the editor upload in its own format without a token', async () => {
    const res = await t.http.post('/api/uploaders');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: { message: '请先登录' } });
  });

  it('should leave the public calls open', async () => {
    for (const path of [
      '/api/header',
      '/api/footer',
      '/api/index',
      '/api/webcase',
      '/api/itemnews',
      '/api/about',
      '/api/contact',
    ]) {
      expect((await t.http.get(path)).body.code).toBe(0);
    }
    expect((await t.http.post('/api/keyswords')).body.code).toBe(0);
  });

  it('should still answer unknown paths with 404, token or not', async () => {
    failedWith(await t.http.post('/api/amendnothing').send({}), 404);
  });
});
