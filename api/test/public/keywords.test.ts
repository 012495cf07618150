import type { KeywordRecord } from '@site/shared-types';
import { ok } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/keyswords', () => {
  it('should list the title, keywords and description records', async () => {
    const records = ok<KeywordRecord[]>(await t.http.post('/api/keyswords'));
    expect(records.map((r) => r.keywords).sort()).toEqual(['description', 'keywords', 'title']);
    for (const record of records) {
      expect(Object.keys(record).sort()).toEqual(['content', 'id', 'keywords']);
      expect(record.id).toEqual(expect.any(Number));
      expect(record.content).toMatch(/\p{Script=Han}/u);
    }
    const title = records.find((r) => r.keywords === 'title');
    expect(title?.content).toContain('云帆');
  });

  it('should answer an empty list when no record exists', async () => {
    await t.sql('DELETE FROM keyword');
    expect(ok(await t.http.post('/api/keyswords'))).toEqual([]);
  });

  it('should answer its GET form alike, and no other method', async () => {
    expect(ok(await t.http.get('/api/keyswords'))).toEqual(ok(await t.http.post('/api/keyswords')));
    expect((await t.http.put('/api/keyswords')).status).toBe(404);
    expect((await t.http.delete('/api/keyswords')).status).toBe(404);
  });
});
