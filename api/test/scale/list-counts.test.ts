import type { NewsForm, Paged, NewsSummary } from '@site/shared-types';
import { adminCall, login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The published totals the lists answer are kept by the database (`list_count`, docs/decisions.md "A large site"),
 * not counted on each read. Whatever writes a row (the back office's calls, a schedule coming due, the recycle
 * bin, a bulk statement, a purge), every kept total equals a count of the rows.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
});
afterAll(() => t.close());

const call = (path: string, body: object) => adminCall(t, token, path, body);

/** Each kept total beside a count of the published rows of its list; equal when the triggers kept up. */
async function keptAndCounted() {
  return t.sql<{ list: string; scope: number; kept: number; counted: number }>(`
    WITH counted AS (
      SELECT 'news' AS list, 0 AS scope, count(*)::int AS n FROM news WHERE deleted_at IS NULL AND status = 'published'
      UNION ALL SELECT 'news_category', dynamic_id, count(*)::int FROM news
        WHERE deleted_at IS NULL AND status = 'published' GROUP BY 2
      UNION ALL SELECT 'case_dict', dict_id, count(*)::int FROM "case"
        WHERE deleted_at IS NULL AND status = 'published' GROUP BY 2
      UNION ALL SELECT 'case_class', class_id, count(*)::int FROM "case"
        WHERE deleted_at IS NULL AND status = 'published' GROUP BY 2)
    SELECT coalesce(k.list, c.list) AS list, coalesce(k.scope, c.scope) AS scope, coalesce(k.n, 0) AS kept,
           coalesce(c.n, 0) AS counted
    FROM list_count k FULL JOIN counted c ON c.list = k.list AND c.scope = k.scope
    ORDER BY 1, 2`);
}

async function expectKept(): Promise<void> {
  const rows = await keptAndCounted();
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.filter((row) => row.kept !== row.counted)).toEqual([]);
}

const total = async (menu: number) =>
  ok<Paged<NewsSummary>>(await t.http.post('/api/newmore').send({ menu, amount: 1, page: 0 })).sum;

describe('the kept list totals', () => {
  it('should follow the back office: a new article, a draft, a move, the recycle bin and a purge', async () => {
    await expectKept();
    const before = await total(0);
    const created = ok<{ id: number }>(
      await call('/api/amendnews', {
        id: 0,
        title: '计数测试文章',
        intro: '',
        content: '<p>正文</p>',
        dynamic_id: 1,
        create_time: '2026-11-21',
      }),
    );
    expect(await total(0)).toBe(before + 1);
    const form = ok<NewsForm>(await call('/api/getnews', { newsid: created.id }));
    ok(await call('/api/amendnews', { ...form, dynamic_id: 2 }));
    await expectKept();
    ok(await call('/api/amendnews', { ...form, dynamic_id: 2, status: 'draft' }));
    expect(await total(0)).toBe(before);
    ok(await call('/api/amendnews', { ...form, dynamic_id: 2, status: 'published' }));
    ok(await call('/api/deletenews', { id: created.id }));
    expect(await total(0)).toBe(before);
    ok(await call('/api/restoretrash', { kind: 'news', id: created.id }));
    expect(await total(2)).toBe(
      (await keptAndCounted()).find((r) => r.list === 'news_category' && r.scope === 2)!.counted,
    );
    ok(await call('/api/deletenews', { id: created.id }));
    ok(await call('/api/purgetrash', { kind: 'news', id: created.id }));
    await expectKept();
  });

  it('should follow statements of many rows, a schedule coming due and a truncation', async () => {
    const [menu] = await t.sql<{ id: number }>('SELECT dict_id AS id FROM "case" LIMIT 1');
    await t.sql(
      `INSERT INTO "case" (name, dict_id, class_id, status, publish_at)
       SELECT '批量案例 ' || i, $1, 1 + i % 5, CASE WHEN i % 4 = 0 THEN 'scheduled' ELSE 'published' END,
              CASE WHEN i % 4 = 0 THEN now() + interval '1 day' END
       FROM generate_series(1, 200) i`,
      [menu!.id],
    );
    await expectKept();
    // What the scheduler's statement does when the time comes: every due case at once.
    await t.sql(`UPDATE "case" SET status = 'published', publish_at = NULL WHERE status = 'scheduled'`);
    await expectKept();
    await t.sql(`UPDATE "case" SET class_id = 1 + (id % 3), deleted_at = CASE WHEN id % 7 = 0 THEN now() END`);
    await expectKept();
    await t.sql(`DELETE FROM "case" WHERE name LIKE '批量案例 %' AND id % 2 = 0`);
    await expectKept();
    await t.sql(`TRUNCATE "case" CASCADE`);
    expect((await keptAndCounted()).filter((row) => row.list.startsWith('case'))).toEqual([]);
    await expectKept();
  });
});
