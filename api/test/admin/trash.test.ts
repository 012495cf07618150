import type {
  AdminList,
  CaseDetail,
  CaseSummary,
  FooterData,
  HeaderData,
  NewsDetail,
  NewsSummary,
  Paged,
  RevisionDetail,
  RevisionList,
  TrashKindCount,
  TrashRow,
} from '@site/shared-types';
import { SearchType } from '@site/shared-types';
import { TrashService } from '../../src/content/trash/trash.service.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.js';

// One app for the file (the published-content cache on, as in production: every answer below must be fresh).
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PAGE_SIZE: '10' });
  token = await login(t);
});
afterAll(() => t.close());

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);
const bin = async (body: object = {}) => ok<AdminList<TrashRow, TrashKindCount>>(await call('/api/trash', body));
const binRow = async (kind: string, id: number) =>
  (await bin({ kind })).list.data.find((row) => row.id === id && row.kind === kind);
const sitemaps = async () =>
  (await t.http.get('/sitemap-desktop.xml')).text + (await t.http.get('/sitemap-mobile.xml')).text;
const pushReason = async (path: string) =>
  (
    await t.sql<{ reason: string }>(
      `SELECT payload->>'reason' AS reason FROM outbox WHERE kind = 'baidu-push' AND key = $1`,
      [path],
    )
  )[0]?.reason;

async function newMenu(title: string, grade: 1 | 2, parent = 0, pc = false): Promise<number> {
  const form = {
    id: 0,
    grade,
    menu: parent,
    title,
    pcmenu: pc,
    pcmenusite: pc ? 2 : 0,
    movemenu: false,
    movemenusite: 0,
  };
  return ok<{ id: number }>(await call('/api/amendmenu', form)).id;
}

const newCase = async (name: string, menu = 3) =>
  ok<{ id: number }>(await call('/api/amendcase', { id: 0, name, top: 2, dict_id: menu, class_id: 1 })).id;

describe('recycle bin', () => {
  it('should hide a trashed case from every public read, list it in the bin, and restore it', async () => {
    const page = async (menu: number) =>
      ok<Paged<CaseSummary>>(await t.http.post('/api/itemmore').send({ menu, amount: 50, type: 1, page: 0 }));
    const before = (await page(3)).data;
    const [up, middle, down] = before as [CaseSummary, CaseSummary, CaseSummary];
    // Read first, so that the published-content cache holds the answers the trash must drop.
    ok<CaseDetail>(await t.http.post('/api/details').send({ case: middle.id, casemenu: 3 }));
    expect(await sitemaps()).toContain(`/details/${middle.id}.html<`);

    const answer = await call('/api/deletecase', { id: middle.id });
    expect(ok(answer)).toBeNull();
    expect(answer.body.msg).toBe('删除成功');

    expect(refused(await t.http.post('/api/details').send({ case: middle.id, casemenu: 3 }), 1)).toContain(
      '案例不存在',
    );
    const neighbour = ok<CaseDetail>(await t.http.post('/api/details').send({ case: up.id, casemenu: 3 }));
    expect(neighbour.downId).toBe(down.id);
    expect((await page(3)).data.map((c) => c.id)).not.toContain(middle.id);
    const found = ok<Paged<CaseSummary>>(
      await t.http.post('/api/search').send({ keyword: middle.name, type: SearchType.Cases, amount: 10, page: 0 }),
    );
    expect(found.data.map((c) => c.id)).not.toContain(middle.id);
    const home = ok<{ success: { content: { id: number }[] } }>(await t.http.get('/api/index'));
    expect(home.success.content.map((c) => c.id)).not.toContain(middle.id);
    expect(await sitemaps()).not.toContain(`/details/${middle.id}.html<`);
    expect((await t.http.get(`/details/${middle.id}.html`)).status).toBe(404);
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    expect((await t.http.get(`/move/details/${middle.id}.html`).set('User-Agent', phone)).status).toBe(404);
    // The back office sees it in the bin only.
    const admin = ok<AdminList<CaseSummary>>(await call('/api/case', { search: middle.name }));
    expect(admin.list.data.map((c) => c.id)).not.toContain(middle.id);
    expect(refused(await call('/api/getcase', { caseid: middle.id }), 1)).toBe('案例不存在或已删除');
    const form = { id: middle.id, name: '改名', top: 2, dict_id: 3, class_id: 1 };
    expect(refused(await call('/api/amendcase', form), 1)).toBe('案例不存在或已删除');
    expect(refused(await call('/api/deletecase', { id: middle.id }), 1)).toBe('案例不存在或已删除');
    expect(await pushReason(`/details/${middle.id}.html`)).toBe('delete');

    const listed = await bin();
    expect(listed.list.data[0]).toEqual({
      kind: 'case',
      id: middle.id,
      title: middle.name,
      place: '网站建设',
      deleted_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      deleted_by: TEST_ADMIN.email,
      days_left: 30,
      blocked: '',
    });
    expect(listed.menu).toEqual([
      { kind: 'case', name: '案例', count: 1 },
      { kind: 'news', name: '文章', count: 0 },
      { kind: 'menu', name: '栏目', count: 0 },
    ]);
    expect((await bin({ kind: 'news' })).list.total).toBe(0);
    expect((await bin({ search: middle.name.slice(1, 4) })).list.data.map((r) => r.id)).toContain(middle.id);

    const restored = await call('/api/restoretrash', { kind: 'case', id: middle.id });
    expect(restored.body.msg).toBe('恢复成功');
    ok(restored);
    expect(ok<CaseDetail>(await t.http.post('/api/details').send({ case: middle.id, casemenu: 3 })).upId).toBe(up.id);
    expect((await page(3)).data.map((c) => c.id)).toEqual(before.map((c) => c.id));
    expect(await sitemaps()).toContain(`/details/${middle.id}.html<`);
    expect(await pushReason(`/details/${middle.id}.html`)).toBe('create');
    expect(refused(await call('/api/restoretrash', { kind: 'case', id: middle.id }), 1)).toBe('回收站中没有这个案例');
    expect((await bin()).list.total).toBe(0);
  });

  it('should hide a trashed article from the lists, neighbours, search and sitemaps', async () => {
    const list = ok<Paged<NewsSummary>>(await t.http.post('/api/newmore').send({ menu: 1, amount: 50, page: 0 }));
    const detail = ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: list.data[1]!.id, state: 0 }));
    const [newer, older] = [detail.upId, detail.downId];
    const id = list.data[1]!.id;
    ok(await call('/api/deletenews', { id }));

    expect(refused(await t.http.post('/api/itemnewscut').send({ case: id, state: 0 }), 1)).toContain('文章不存在');
    const after = ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: newer, state: 0 }));
    expect(after.downId).toBe(older);
    const again = ok<Paged<NewsSummary>>(await t.http.post('/api/newmore').send({ menu: 1, amount: 50, page: 0 }));
    expect(again.data.map((n) => n.id)).not.toContain(id);
    const found = ok<Paged<NewsSummary>>(
      await t.http.post('/api/search').send({ keyword: detail.title, type: SearchType.News, amount: 10, page: 0 }),
    );
    expect(found.data.map((n) => n.id)).not.toContain(id);
    expect(await sitemaps()).not.toContain(`/news/${id}.html<`);
    expect((await t.http.get(`/news/${id}.html`)).status).toBe(404);
    expect(await binRow('news', id)).toMatchObject({ title: detail.title, blocked: '' });

    ok(await call('/api/restoretrash', { kind: 'news', id }));
    expect(ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: id, state: 0 })).upId).toBe(newer);
  });

  it('should keep a menu, its sub-menus and its cases together in the bin and purge them together', async () => {
    const parent = await newMenu('回收测试栏目', 1, 0, true);
    const child = await newMenu('回收测试子栏目', 2, parent, true);
    const filed = await newCase('回收测试案例', parent);
    const footer = ok<FooterData>(await call('/api/getfooter'));
    const link = { id: footer.abouts.length + 1, name: '回收测试栏目', column_id: parent };
    ok(await call('/api/amendfooter', { ...footer, abouts: [...footer.abouts, link] }));
    expect(ok<FooterData>(await t.http.get('/api/footer')).abouts.map((a) => a.column_id)).toContain(parent);

    expect(refused(await call('/api/deletemenu', { id: parent }), 1)).toBe('该栏目下还有子栏目，请先删除子栏目');
    ok(await call('/api/deletemenu', { id: child }));
    expect(refused(await call('/api/deletemenu', { id: parent }), 1)).toBe(
      '该栏目下还有 1 个案例，请先移走或删除这些案例',
    );
    ok(await call('/api/deletecase', { id: filed }));
    ok(await call('/api/deletemenu', { id: parent }));

    expect(ok<HeaderData>(await t.http.get('/api/header')).programas.map((m) => m.id)).not.toContain(parent);
    expect(ok<FooterData>(await t.http.get('/api/footer')).abouts.map((a) => a.column_id)).not.toContain(parent);
    expect(refused(await t.http.post('/api/items').send({ menu: parent }), 1)).toMatch(/\p{Script=Han}/u);
    expect((await t.http.get(`/items/${parent}.html`)).status).toBe(404);
    expect(await sitemaps()).not.toContain(`/items/${parent}.html<`);
    expect(ok<{ menu: { id: number }[] }>(await call('/api/case')).menu.map((m) => m.id)).not.toContain(parent);
    expect(
      refused(
        await call('/api/amendmenu', {
          id: 0,
          grade: 2,
          menu: parent,
          title: 'x',
          pcmenu: false,
          pcmenusite: 0,
          movemenu: false,
          movemenusite: 0,
        }),
        2,
      ),
    ).toBe('上级栏目不存在');

    expect(await binRow('menu', child)).toMatchObject({
      place: '回收测试栏目',
      blocked: '上级栏目「回收测试栏目」也在回收站中，请先恢复该栏目',
    });
    expect(await binRow('case', filed)).toMatchObject({
      blocked: '所属栏目「回收测试栏目」也在回收站中，请先恢复该栏目',
    });
    expect(refused(await call('/api/restoretrash', { kind: 'menu', id: child }), 1)).toBe(
      '上级栏目「回收测试栏目」在回收站中，请先恢复上级栏目',
    );
    expect(refused(await call('/api/restoretrash', { kind: 'case', id: filed }), 1)).toBe(
      '所属栏目「回收测试栏目」在回收站中，请先恢复该栏目',
    );

    // Restored in order, then trashed again: the menu comes back where it may be shown.
    ok(await call('/api/restoretrash', { kind: 'menu', id: parent }));
    expect(ok<HeaderData>(await t.http.get('/api/header')).programas.map((m) => m.id)).toContain(parent);
    ok(await call('/api/restoretrash', { kind: 'menu', id: child }));
    ok(await call('/api/deletemenu', { id: child }));
    ok(await call('/api/deletemenu', { id: parent }));

    const purged = await call('/api/purgetrash', { kind: 'menu', id: parent });
    expect(purged.body.msg).toBe('已彻底删除');
    expect(ok(purged)).toEqual({ count: 3 });
    const left = await t.sql('SELECT id FROM menu WHERE id = ANY($1) UNION ALL SELECT id FROM "case" WHERE id = $2', [
      [parent, child],
      filed,
    ]);
    expect(left).toEqual([]);
    expect(await t.sql(`SELECT 1 FROM revision WHERE kind = 'case' AND item_id = $1`, [filed])).toEqual([]);
    expect(refused(await call('/api/purgetrash', { kind: 'menu', id: parent }), 1)).toBe('回收站中没有这个栏目');
    // A live item is not in the bin: purge refuses it.
    expect(refused(await call('/api/purgetrash', { kind: 'menu', id: 3 }), 1)).toBe('回收站中没有这个栏目');
    ok(await call('/api/amendfooter', footer));
  });

  it('should purge what has been in the bin for more than 30 days, at the purge or when emptied', async () => {
    const expired = await newCase('过期案例');
    const recent = await newCase('未过期案例');
    ok(await call('/api/deletecase', { id: expired }));
    ok(await call('/api/deletecase', { id: recent }));
    await t.sql(`UPDATE "case" SET deleted_at = now() - interval '30 days 1 minute' WHERE id = $1`, [expired]);
    await t.sql(`UPDATE "case" SET deleted_at = now() - interval '29 days' WHERE id = $1`, [recent]);
    expect(await binRow('case', expired)).toMatchObject({ days_left: 0 });
    expect(await binRow('case', recent)).toMatchObject({ days_left: 1 });

    const purger = t.app.get(TrashService);
    const [first, second] = await Promise.all([purger.purgeExpired(), purger.purgeExpired()]);
    expect(first + second).toBe(1);
    expect(await t.sql('SELECT id FROM "case" WHERE id = ANY($1)', [[expired, recent]])).toEqual([{ id: recent }]);

    const emptied = await call('/api/emptytrash');
    expect(emptied.body.msg).toBe('回收站已清空');
    expect(ok(emptied)).toEqual({ count: 1 });
    expect((await bin()).list.total).toBe(0);
    expect(ok(await call('/api/emptytrash'))).toEqual({ count: 0 });
  });

  it.each([
    ['/api/trash', { kind: 'page' }, 2, '参数 kind 必须是 case、news、menu 之一'],
    ['/api/trash', { page: 0 }, 2, '参数 page 必须是 1 到 100000 之间的整数'],
    ['/api/restoretrash', { id: 1 }, 2, '参数 kind 必须是 case、news、menu 之一'],
    ['/api/restoretrash', { kind: 'case' }, 2, '参数 id 必须是正整数'],
    ['/api/restoretrash', { kind: 'news', id: 999_999 }, 1, '回收站中没有这篇文章'],
    ['/api/purgetrash', { kind: ['case'], id: 1 }, 2, '参数 kind 必须是 case、news、menu 之一'],
    ['/api/purgetrash', { kind: 'case', id: 'abc' }, 2, '参数 id 必须是正整数'],
    ['/api/purgetrash', { kind: 'case', id: 1 }, 1, '回收站中没有这个案例'],
    [
      '/api/revisions',
      { kind: 'menu', id: 3 },
      2,
      '参数 kind 必须是 case、news、header、footer、home、about、contact 之一',
    ],
    ['/api/revisions', { kind: 'case' }, 2, '请指定案例的 id'],
    ['/api/revisions', { kind: 'header', id: 1 }, 2, '页面区块的历史版本不需要 id'],
    ['/api/revisions', { kind: 'news', id: 999_999 }, 1, '文章不存在或已彻底删除'],
    ['/api/getrevision', { kind: 'footer', number: 0 }, 2, '参数 number 必须是 1 到 2147483647 之间的整数'],
    ['/api/getrevision', { kind: 'footer', number: 999 }, 1, '该版本不存在或已不再保留'],
    ['/api/restorerevision', { kind: 'about', number: { $gt: 1 } }, 2, '参数 number 必须是 1 到 2147483647 之间的整数'],
  ])('should refuse %s %j', async (path, body, code, message) => {
    expect(refused(await call(path, body), code as 1 | 2)).toBe(message);
  });

  it('should refuse the bin and the revisions without a session', async () => {
    expect(refused(await t.http.post('/api/trash').send({}), 3)).toBe('请先登录');
    expect(refused(await t.http.post('/api/restorerevision').send({ kind: 'header', number: 1 }), 3)).toBe('请先登录');
  });
});

describe('revisions', () => {
  it('should keep the last 30 saves of a site block and restore one as a new revision', async () => {
    const header = ok<HeaderData>(await call('/api/getheader'));
    const block = { logo: header.logo, banner: header.banner };
    for (let i = 1; i <= 32; i++)
      ok(await call('/api/amendheader', { ...block, logo: { ...block.logo, alt: `版本 ${i}` } }));

    const history = ok<RevisionList>(await call('/api/revisions', { kind: 'header' }));
    expect(history.kept).toBe(30);
    expect(history.trashed).toBe(false);
    expect(history.list.map((r) => r.number)).toEqual(Array.from({ length: 30 }, (_, i) => 32 - i));
    expect(history.list[0]).toEqual({
      number: 32,
      author: TEST_ADMIN.email,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      restored_from: null,
      action: 'save',
      note: '',
    });
    const third = ok<RevisionDetail>(await call('/api/getrevision', { kind: 'header', number: 3 }));
    expect(third.document).toMatchObject({ logo: { alt: '版本 3' } });
    expect(refused(await call('/api/getrevision', { kind: 'header', number: 2 }), 1)).toBe('该版本不存在或已不再保留');

    const restored = await call('/api/restorerevision', { kind: 'header', number: 5 });
    expect(restored.body.msg).toBe('已恢复此版本');
    expect(ok(restored)).toEqual({ number: 33 });
    expect(ok<HeaderData>(await t.http.get('/api/header')).logo.alt).toBe('版本 5');
    const after = ok<RevisionList>(await call('/api/revisions', { kind: 'header' }));
    expect(after.list).toHaveLength(30);
    expect(after.list[0]).toMatchObject({ number: 33, restored_from: 5 });
    expect(after.list.at(-1)!.number).toBe(4);
    const [stored] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM revision WHERE kind = 'header'`);
    expect(stored!.n).toBe(30);
  });

  it('should record every save of a case, restore an old one, and refuse while it is in the bin', async () => {
    const id = await newCase('版本案例');
    const form = ok<Record<string, unknown>>(await call('/api/getcase', { caseid: id }));
    ok(await call('/api/amendcase', { ...form, name: '版本案例（改）', intro: '新的简介' }));
    const history = ok<RevisionList>(await call('/api/revisions', { kind: 'case', id }));
    expect(history.list.map((r) => r.number)).toEqual([2, 1]);
    const first = ok<RevisionDetail>(await call('/api/getrevision', { kind: 'case', id, number: 1 }));
    expect(first.document).toMatchObject({ id, name: '版本案例', intro: '', dict_id: 3 });

    ok(await call('/api/restorerevision', { kind: 'case', id, number: 1 }));
    expect(ok<CaseDetail>(await t.http.post('/api/details').send({ case: id })).name).toBe('版本案例');
    expect(ok<RevisionList>(await call('/api/revisions', { kind: 'case', id })).list[0]).toMatchObject({
      number: 3,
      restored_from: 1,
    });

    ok(await call('/api/deletecase', { id }));
    expect(ok<RevisionList>(await call('/api/revisions', { kind: 'case', id })).trashed).toBe(true);
    expect(refused(await call('/api/restorerevision', { kind: 'case', id, number: 2 }), 1)).toBe(
      '该案例在回收站中，请先从回收站恢复',
    );
    ok(await call('/api/purgetrash', { kind: 'case', id }));
    expect(refused(await call('/api/revisions', { kind: 'case', id }), 1)).toBe('案例不存在或已彻底删除');
    expect(await t.sql(`SELECT 1 FROM revision WHERE kind = 'case' AND item_id = $1`, [id])).toEqual([]);
  });

  it('should record article saves with their author', async () => {
    const id = ok<{ id: number }>(
      await call('/api/amendnews', { id: 0, title: '版本文章', dynamic_id: 1, content: '<p>正文一</p>' }),
    ).id;
    ok(await call('/api/amendnews', { id, title: '版本文章', dynamic_id: 1, content: '<p>正文二</p>' }));
    ok(await call('/api/restorerevision', { kind: 'news', id, number: 1 }));
    expect(ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: id, state: 0 })).content).toBe(
      '<p>正文一</p>',
    );
    const history = ok<RevisionList>(await call('/api/revisions', { kind: 'news', id }));
    expect(history.list.map((r) => [r.number, r.author, r.restored_from])).toEqual([
      [3, TEST_ADMIN.email, 1],
      [2, TEST_ADMIN.email, null],
      [1, TEST_ADMIN.email, null],
    ]);
  });
});
