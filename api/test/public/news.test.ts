import {
  INFINITE_LIST,
  PAGE_AMOUNT,
  type ItemNewsData,
  type NewsDetail,
  type NewsSummary,
  type Paged,
} from '@site/shared-types';
import { AFTER_ENTRY } from '../../src/core/list-cursor.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SUMMARY_KEYS = ['create_time', 'dynamic_id', 'id', 'img', 'intro', 'title'];

async function expectedOrder(category: number): Promise<number[]> {
  const rows = await t.sql<{ id: number }>(
    'SELECT id FROM news WHERE $1::int = 0 OR dynamic_id = $1::int ORDER BY create_time DESC, id DESC',
    [category],
  );
  return rows.map((r) => r.id);
}

describe('GET /api/itemnews', () => {
  it('should answer the categories and the four newest articles', async () => {
    const data = ok<ItemNewsData>(await t.http.get('/api/itemnews'));
    expect(Object.keys(data).sort()).toEqual(['newcontent', 'newmenu', 'sum']);
    expect(data.newmenu).toEqual([
      { id: 1, name: '行业观点' },
      { id: 2, name: '公司动态' },
    ]);
    const order = await expectedOrder(0);
    expect(order.length).toBeGreaterThanOrEqual(12);
    expect(data.sum).toBe(order.length);
    expect(data.newcontent.map((n) => n.id)).toEqual(order.slice(0, INFINITE_LIST.preloadedPage));
    for (const item of data.newcontent) {
      expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS);
      expect(item.create_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('POST /api/newmore', () => {
  it.each([0, 1, 2])('should yield every article of category %i exactly once from cursor 4', async (menu) => {
    const seen: number[] = (await expectedOrder(menu)).slice(0, INFINITE_LIST.preloadedPage);
    let page: number = INFINITE_LIST.preloadedPage;
    for (;;) {
      const next = ok<Paged<NewsSummary>>(
        await t.http.post('/api/newmore').send({ menu, amount: PAGE_AMOUNT.news, page }),
      );
      if (next.data.length === 0) break;
      // The cursor names the step's last entry (docs/decisions.md "Infinite lists").
      expect(next.page).toBe(AFTER_ENTRY + next.data.at(-1)!.id);
      seen.push(...next.data.map((n) => n.id));
      page = next.page;
    }
    expect(seen).toEqual(await expectedOrder(menu));
  });

  it('should refuse an unknown category', async () => {
    expect(refused(await t.http.post('/api/newmore').send({ menu: 77, amount: 3, page: 4 }), 1)).toBe('新闻分类不存在');
  });
});

describe('POST /api/itemnewscut', () => {
  it('should answer the article with its neighbours in its category', async () => {
    const [category] = await t.sql<{ dynamic_id: number }>('SELECT dynamic_id FROM news ORDER BY id LIMIT 1');
    const order = await expectedOrder(category!.dynamic_id);
    const detail = ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: order[1], state: 0 }));
    expect(Object.keys(detail).sort()).toEqual(
      [
        ...SUMMARY_KEYS,
        'content',
        'downId',
        'downtitle',
        'seo_description',
        'seo_keywords',
        'seo_title',
        'upId',
        'uptitle',
      ].sort(),
    );
    expect(detail.upId).toBe(order[0]);
    expect(detail.downId).toBe(order[2]);
    const [up] = await t.sql<{ title: string }>('SELECT title FROM news WHERE id = $1', [order[0]]);
    expect(detail.uptitle).toBe(up!.title);
    expect(detail.content).toMatch(/<p>/);
  });

  it('should make absent neighbours explicit', async () => {
    const order = await expectedOrder(2);
    const newest = ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: order[0], state: 0 }));
    expect(newest.upId).toBeNull();
    expect(newest.uptitle).toBeNull();
    const oldest = ok<NewsDetail>(
      await t.http.post('/api/itemnewscut').send({ case: order[order.length - 1], state: 0 }),
    );
    expect(oldest.downId).toBeNull();
    expect(oldest.downtitle).toBeNull();
  });

  it('should refuse an unknown article', async () => {
    expect(refused(await t.http.post('/api/itemnewscut').send({ case: 424242, state: 0 }), 1)).toContain('文章不存在');
  });
});
