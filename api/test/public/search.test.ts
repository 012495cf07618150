import { SEARCH_RESULTS_LIMIT, SearchType, type CaseSummary, type NewsSummary, type Paged } from '@site/shared-types';
import { AFTER_ENTRY } from '../../src/core/list-cursor.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [menu] = await t.sql<{ id: number }>('SELECT id FROM menu WHERE id = 3');
  // Cases whose names contain LIKE wildcards, to prove they are matched literally.
  await t.sql(
    `INSERT INTO "case" (name, intro, scene, dict_id, class_id, create_time) VALUES
       ('折扣100%活动页', '限时活动', '活动页', $1, 1, '2026-01-02'),
       ('snake_case 工具站', '开发者工具', '工具站', $1, 1, '2026-01-03')`,
    [menu!.id],
  );
});
afterAll(() => t.close());

async function searchCases(keyword: string, page = 0, amount = 50) {
  return ok<Paged<CaseSummary>>(
    await t.http.post('/api/search').send({ keyword, type: SearchType.Cases, amount, page }),
  );
}

describe('POST /api/search', () => {
  it('should find cases by a Chinese substring of name, intro or scene', async () => {
    const [sample] = await t.sql<{ name: string }>('SELECT name FROM "case" ORDER BY id LIMIT 1');
    const fragment = Array.from(sample!.name).slice(1, 3).join('');
    const result = await searchCases(fragment);
    expect(result.sum).toBeGreaterThan(0);
    expect(result.data.length).toBe(Math.min(result.sum, 50));
    for (const item of result.data) expect(`${item.name}${item.intro}${item.scene}`).toContain(fragment);
    const [expected] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM "case" WHERE position($1 in name) > 0 OR position($1 in intro) > 0 OR position($1 in scene) > 0`,
      [fragment],
    );
    expect(result.sum).toBe(expected!.n);
  });

  it('should match %, _ and \\ literally', async () => {
    expect((await searchCases('%')).data.map((c) => c.name)).toEqual(['折扣100%活动页']);
    expect((await searchCases('_')).data.map((c) => c.name)).toEqual(['snake_case 工具站']);
    expect((await searchCases('\\')).sum).toBe(0);
  });

  it('should ignore the case of Latin letters and surrounding spaces', async () => {
    expect((await searchCases('  SNAKE_CASE ')).sum).toBe(1);
  });

  it('should page with the same cursor rule as the lists', async () => {
    const all = await searchCases('网', 0, 50);
    expect(all.sum).toBeGreaterThan(3);
    const first = await searchCases('网', 0, 3);
    const second = await searchCases('网', first.page, 3);
    expect(first.page).toBe(AFTER_ENTRY + first.data.at(-1)!.id);
    expect([...first.data, ...second.data].map((c) => c.id)).toEqual(all.data.slice(0, 6).map((c) => c.id));
  });

  it('should find news by title or intro', async () => {
    const [article] = await t.sql<{ title: string }>('SELECT title FROM news ORDER BY id LIMIT 1');
    const fragment = Array.from(article!.title).slice(0, 4).join('');
    const result = ok<Paged<NewsSummary>>(
      await t.http.post('/api/search').send({ keyword: fragment, type: SearchType.News, amount: 10, page: 0 }),
    );
    expect(result.data.length).toBeGreaterThan(0);
    expect(Object.keys(result.data[0]!).sort()).toEqual(['create_time', 'dynamic_id', 'id', 'img', 'intro', 'title']);
  });

  it('should find the same articles, newest first, whether a keyword is common or rare, and count up to the limit', async () => {
    // A keyword in the 1,010 newest articles is common (walked in list order); one in a handful is rare (looked up in
    // the search index). Both must answer exactly what a literal test of every article finds, in list order.
    const [category] = await t.sql<{ id: number }>('SELECT id FROM news_category ORDER BY id LIMIT 1');
    await t.sql(
      `INSERT INTO news (title, intro, dynamic_id, create_time)
       SELECT '常见词测试第' || i || '篇', CASE WHEN i % 200 = 0 THEN '罕见词Qx' ELSE '' END, $1, DATE '2030-01-01' - i
       FROM generate_series(1, 1010) i`,
      [category!.id],
    );
    const walk = async (keyword: string) => {
      const seen: number[] = [];
      let page = 0;
      let sum = -1;
      for (let step = 0; step < 30; step += 1) {
        const next = ok<Paged<NewsSummary>>(
          await t.http.post('/api/search').send({ keyword, type: SearchType.News, amount: 50, page }),
        );
        sum = next.sum;
        if (next.data.length === 0) break;
        seen.push(...next.data.map((n) => n.id));
        page = next.page;
      }
      return { seen, sum };
    };
    const expected = async (keyword: string) =>
      (
        await t.sql<{ id: number }>(
          `SELECT id FROM news WHERE (position(lower($1) in lower(title)) > 0 OR position(lower($1) in lower(intro)) > 0)
             AND status = 'published' AND deleted_at IS NULL ORDER BY create_time DESC, id DESC`,
          [keyword],
        )
      ).map((row) => row.id);

    const common = await walk('常见词');
    expect(common.sum).toBe(SEARCH_RESULTS_LIMIT);
    expect(common.seen).toEqual(await expected('常见词'));
    const rare = await walk('罕见词qX');
    expect(rare.seen).toEqual(await expected('罕见词qX'));
    expect(rare.sum).toBe(5);
  });

  it('should answer nothing, not everything, for an injection-shaped keyword', async () => {
    const result = await searchCases("' OR '1'='1");
    expect(result.sum).toBe(0);
    const [count] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM "case"');
    expect(count!.n).toBeGreaterThan(50);
  });

  it.each([
    [{ keyword: '', amount: 3, page: 0 }, '搜索关键词不能为空'],
    [{ keyword: '   ', amount: 3, page: 0 }, '搜索关键词不能为空'],
    [{ keyword: '网'.repeat(51), amount: 3, page: 0 }, '搜索关键词不能超过 50 个字符'],
    [{ keyword: ['网'], amount: 3, page: 0 }, '搜索关键词必须是文本'],
  ])('should refuse %j', async (body, message) => {
    expect(refused(await t.http.post('/api/search').send(body), 2)).toBe(message);
  });
});
