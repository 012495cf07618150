import {
  CaseListType,
  INFINITE_LIST,
  PAGE_AMOUNT,
  type CaseDetail,
  type CaseSummary,
  type ItemsData,
  type Paged,
  type WebcaseCutData,
  type WebcaseData,
} from '@site/shared-types';
import { AFTER_ENTRY } from '../../src/core/list-cursor.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SUMMARY_KEYS = ['class_id', 'create_time', 'dict_id', 'id', 'img', 'intro', 'name', 'scene', 'site', 'top'];

/** The list order the API promises: pinned first, newest first, id descending. */
async function expectedOrder(column: 'dict_id' | 'class_id', value: number): Promise<number[]> {
  const rows = await t.sql<{ id: number }>(
    `SELECT id FROM "case" WHERE ${column} = $1 ORDER BY top ASC, create_time DESC, id DESC`,
    [value],
  );
  return rows.map((r) => r.id);
}

/** Walks a list the way the client does: preloaded page, then the cursor the answers return. */
async function walk(menu: number, type: number, amount: number, preloaded: CaseSummary[]): Promise<number[]> {
  const seen = preloaded.map((c) => c.id);
  let page: number = INFINITE_LIST.preloadedPage;
  for (let step = 0; step < 100; step += 1) {
    const next = ok<Paged<CaseSummary>>(await t.http.post('/api/itemmore').send({ menu, amount, type, page }));
    expect(Object.keys(next).sort()).toEqual(['data', 'page', 'sum']);
    expect(next.data.length).toBeLessThanOrEqual(amount);
    if (next.data.length === 0) {
      expect(next.page).toBe(page);
      return seen;
    }
    seen.push(...next.data.map((c) => c.id));
    // The cursor names the step's last entry (docs/decisions.md "Infinite lists").
    expect(next.page).toBe(AFTER_ENTRY + next.data.at(-1)!.id);
    page = next.page;
  }
  throw new Error('the list never ended');
}

describe('POST /api/items', () => {
  it('should answer the menu banner, its sub-entries and the first four cases', async () => {
    const data = ok<ItemsData>(await t.http.post('/api/items').send({ menu: 3 }));
    expect(Object.keys(data).sort()).toEqual(['case', 'menu']);
    expect(data.menu.title).toBe('网站建设');
    expect(data.menu.background).toMatch(/^\/uploads\//);
    expect(data.menu.menulist.length).toBeGreaterThan(0);
    for (const entry of data.menu.menulist) expect(Object.keys(entry).sort()).toEqual(['id', 'img', 'intro', 'name']);
    const order = await expectedOrder('dict_id', 3);
    expect(data.case.sum).toBe(order.length);
    expect(data.case.caselist.map((c) => c.id)).toEqual(order.slice(0, INFINITE_LIST.preloadedPage));
    for (const item of data.case.caselist) expect(Object.keys(item).sort()).toEqual(SUMMARY_KEYS);
  });

  it('should accept the id as a numeric string', async () => {
    const data = ok<ItemsData>(await t.http.post('/api/items').send({ menu: '4' }));
    expect(data.menu.title).toBe('新媒体营销');
  });

  it('should refuse an unknown menu with code 1', async () => {
    expect(refused(await t.http.post('/api/items').send({ menu: 9999 }), 1)).toBe('栏目不存在');
  });
});

describe('POST /api/itemmore', () => {
  it.each([3, 4, 5, 6])('should yield every case of service %i exactly once from cursor 4', async (menu) => {
    const first = ok<ItemsData>(await t.http.post('/api/items').send({ menu }));
    const seen = await walk(menu, CaseListType.Service, PAGE_AMOUNT.items(menu), first.case.caselist);
    expect(seen).toEqual(await expectedOrder('dict_id', menu));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it.each([1, 2, 3, 4, 5])('should yield every case of tab %i exactly once from cursor 4', async (tab) => {
    const first = ok<WebcaseCutData>(await t.http.post('/api/webcasecut').send({ menu: tab }));
    const seen = await walk(tab, CaseListType.Classic, PAGE_AMOUNT.webcase, first.casecontent);
    expect(seen).toEqual(await expectedOrder('class_id', tab));
  });

  it('should default to the service list when type is absent', async () => {
    const data = ok<Paged<CaseSummary>>(await t.http.post('/api/itemmore').send({ menu: 5, amount: 3, page: 4 }));
    expect(data.data.every((c) => c.dict_id === 5)).toBe(true);
  });

  it('should answer an empty step past the end', async () => {
    const data = ok<Paged<CaseSummary>>(await t.http.post('/api/itemmore').send({ menu: 3, amount: 3, page: 10_000 }));
    expect(data).toEqual({ data: [], page: 10_000, sum: expect.any(Number) });
  });

  it('should refuse an unknown list', async () => {
    refused(await t.http.post('/api/itemmore').send({ menu: 9, amount: 3, type: 2, page: 4 }), 1);
    refused(await t.http.post('/api/itemmore').send({ menu: 9999, amount: 3, type: 1, page: 4 }), 1);
  });

  it.each([
    [{ menu: 3, amount: 0, page: 4 }, 'amount'],
    [{ menu: 3, amount: 51, page: 4 }, 'amount'],
    [{ menu: 3, amount: 3, page: -1 }, 'page'],
    [{ menu: 3, amount: 3, page: 4, type: 7 }, 'type'],
    [{ amount: 3, page: 4 }, 'menu'],
  ])('should refuse %j naming %s', async (body, field) => {
    expect(refused(await t.http.post('/api/itemmore').send(body), 2)).toContain(field);
  });
});

describe('POST /api/details', () => {
  it('should answer every case field with neighbours in the tab when opened from the customer cases (casemenu 2)', async () => {
    const order = await expectedOrder('class_id', 2);
    const middle = order[1]!;
    const detail = ok<CaseDetail>(await t.http.post('/api/details').send({ case: middle, casemenu: 2 }));
    expect(Object.keys(detail).sort()).toEqual(
      [
        ...SUMMARY_KEYS,
        'banner',
        'casedown',
        'caseup',
        'code_img',
        'content',
        'downId',
        'downname',
        'seo_description',
        'seo_keywords',
        'seo_title',
        'upId',
        'upname',
      ].sort(),
    );
    expect(detail.id).toBe(middle);
    expect(detail.upId).toBe(order[0]);
    expect(detail.downId).toBe(order[2]);
    expect(detail.caseup).toBe(true);
    expect(detail.casedown).toBe(true);
    expect(typeof detail.upname).toBe('string');
    expect(detail.banner.length).toBeGreaterThan(0);
    for (const image of detail.banner) expect(Object.keys(image)).toEqual(['url']);
    expect(detail.content).toMatch(/<p>/);
  });

  it('should use the case tab by default (casemenu 2)', async () => {
    const order = await expectedOrder('class_id', 3);
    const detail = ok<CaseDetail>(await t.http.post('/api/details').send({ case: order[1] }));
    expect([detail.upId, detail.downId]).toEqual([order[0], order[2]]);
  });

  it('should use the service menu when opened from a service page', async () => {
    const order = await expectedOrder('dict_id', 4);
    const detail = ok<CaseDetail>(await t.http.post('/api/details').send({ case: order[2], casemenu: 4 }));
    expect([detail.upId, detail.downId]).toEqual([order[1], order[3]]);
    expect(detail.dict_id).toBe(4);
  });

  it('should make an absent neighbour explicit at both ends', async () => {
    const order = await expectedOrder('dict_id', 6);
    const first = ok<CaseDetail>(await t.http.post('/api/details').send({ case: order[0], casemenu: 6 }));
    expect(first).toMatchObject({ upId: null, upname: null, caseup: false, casedown: true });
    const last = ok<CaseDetail>(await t.http.post('/api/details').send({ case: order[order.length - 1], casemenu: 6 }));
    expect(last).toMatchObject({ downId: null, downname: null, casedown: false, caseup: true });
  });

  it('should refuse an unknown case with code 1', async () => {
    expect(refused(await t.http.post('/api/details').send({ case: 999_999, casemenu: 2 }), 1)).toContain('案例不存在');
  });
});

describe('GET /api/webcase and POST /api/webcasecut', () => {
  it('should answer the five tabs and the first tab’s first cases', async () => {
    const data = ok<WebcaseData>(await t.http.get('/api/webcase'));
    expect(Object.keys(data).sort()).toEqual(['casecontent', 'casemenu', 'sum']);
    expect(data.casemenu).toEqual([
      { id: 1, name: 'PC网站' },
      { id: 2, name: '手机网站' },
      { id: 3, name: '微信公众号' },
      { id: 4, name: '小程序' },
      { id: 5, name: '软件系统' },
    ]);
    const order = await expectedOrder('class_id', 1);
    expect(data.sum).toBe(order.length);
    expect(data.casecontent.map((c) => c.id)).toEqual(order.slice(0, 4));
  });

  it('should answer one tab’s first cases', async () => {
    const data = ok<WebcaseCutData>(await t.http.post('/api/webcasecut').send({ menu: 5 }));
    expect(Object.keys(data).sort()).toEqual(['casecontent', 'sum']);
    expect(data.casecontent.every((c) => c.class_id === 5)).toBe(true);
    expect(data.sum).toBe((await expectedOrder('class_id', 5)).length);
  });

  it('should refuse an unknown tab', async () => {
    expect(refused(await t.http.post('/api/webcasecut').send({ menu: 6 }), 1)).toBe('案例分类不存在');
  });
});

describe('seeded cases', () => {
  it('should hold at least 12 cases in every service and spread over every tab', async () => {
    const perService = await t.sql<{ dict_id: number; n: number }>(
      'SELECT dict_id, count(*)::int AS n FROM "case" GROUP BY dict_id ORDER BY dict_id',
    );
    expect(perService.map((r) => r.dict_id)).toEqual([3, 4, 5, 6]);
    for (const row of perService) expect(row.n).toBeGreaterThanOrEqual(12);
    const perTab = await t.sql<{ class_id: number; n: number }>(
      'SELECT class_id, count(*)::int AS n FROM "case" GROUP BY class_id ORDER BY class_id',
    );
    expect(perTab.map((r) => r.class_id)).toEqual([1, 2, 3, 4, 5]);
    for (const row of perTab) expect(row.n).toBeGreaterThan(INFINITE_LIST.preloadedPage + PAGE_AMOUNT.webcase);
  });
});
