import type {
  AdminList,
  CaseAdminRow,
  CaseDetail,
  CaseForm,
  CaseFormInput,
  HeaderData,
  ItemsData,
  KeywordRecord,
  MenuForm,
  MenuNode,
  MenuOption,
  NewsAdminRow,
  NewsDetail,
  NewsForm,
} from '@site/shared-types';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PAGE_SIZE: '10' });
  token = await login(t);
});
afterAll(() => t.close());

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);

function expectListShape<T>(list: AdminList<T, unknown>) {
  expect(Object.keys(list).sort()).toEqual(['classic', 'list', 'menu']);
  expect(Object.keys(list.list).sort()).toEqual(['current_page', 'data', 'last_page', 'per_page', 'total']);
  expect(list.list.per_page).toBe(10);
}

describe('menus', () => {
  it('should list the top-level menus with their subtrees and the parent options', async () => {
    const list = ok<AdminList<MenuNode, MenuOption>>(await call('/api/menu', { page: 1 }));
    expectListShape(list);
    expect(list.list.data.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(list.list.total).toBe(7);
    const web = list.list.data.find((m) => m.id === 3)!;
    expect(web.children.length).toBeGreaterThan(0);
    expect(web.children.every((c) => c.grade === 2 && c.parent_id === 3)).toBe(true);
    expect(web).toMatchObject({ sebshow: false, pc: true, move: true });
    const [count] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM menu');
    expect(list.menu).toHaveLength(count!.n);
    expect(list.menu.find((m) => m.id === 3)).toEqual({
      id: 3,
      name: '网站建设',
      grade: 1,
      parent_id: null,
      pc: true,
      move: true,
    });
    expect(list.classic).toHaveLength(5);
  });

  it('should filter by subtree and by name', async () => {
    const one = ok<AdminList<MenuNode, MenuOption>>(await call('/api/menu', { menu: 4 }));
    expect(one.list.data.map((m) => m.id)).toEqual([4]);
    const [child] = await t.sql<{ name: string }>('SELECT name FROM menu WHERE parent_id = 5 ORDER BY id LIMIT 1');
    const found = ok<AdminList<MenuNode, MenuOption>>(await call('/api/menu', { search: child!.name }));
    expect(found.list.data.map((m) => m.id)).toEqual([5]);
  });

  it('should answer an empty page past the end', async () => {
    const list = ok<AdminList<MenuNode, MenuOption>>(await call('/api/menu', { page: 9 }));
    expect(list.list).toMatchObject({ data: [], current_page: 9, total: 7, last_page: 1 });
  });

  it('should read a menu as its edit form', async () => {
    const form = ok<MenuForm>(await call('/api/getmenu', { menuid: 3 }));
    expect(form).toEqual({
      id: 3,
      grade: 1,
      menu: 0,
      title: '网站建设',
      intro: expect.any(String),
      img: expect.any(String),
      background: expect.any(String),
      pcmenu: true,
      pcmenusite: expect.any(Number),
      movemenu: true,
      movemenusite: expect.any(Number),
    });
    refused(await call('/api/getmenu', { menuid: 9999 }), 1);
  });

  it('should create a child menu, update it, and show a new top-level entry in the public header', async () => {
    const child = ok<{ id: number }>(
      await call('/api/amendmenu', {
        id: 0,
        grade: 2,
        menu: 3,
        title: '外贸网站',
        intro: '多语言外贸独立站',
        pcmenu: false,
        pcmenusite: 0,
        movemenu: false,
        movemenusite: 0,
      }),
    );
    const [row] = await t.sql<{ name: string; parent_id: number }>('SELECT name, parent_id FROM menu WHERE id = $1', [
      child.id,
    ]);
    expect(row).toEqual({ name: '外贸网站', parent_id: 3 });
    // Hidden on the desktop site: not among the service page's sub-entries until it is shown.
    const hidden = ok<ItemsData>(await t.http.post('/api/items').send({ menu: 3 }));
    expect(hidden.menu.menulist.map((m) => m.name)).not.toContain('外贸网站');
    ok(
      await call('/api/amendmenu', {
        id: child.id,
        grade: 2,
        menu: 3,
        title: '外贸网站',
        intro: '多语言外贸独立站',
        pcmenu: true,
        pcmenusite: 2,
        movemenu: false,
        movemenusite: 0,
      }),
    );
    const items = ok<ItemsData>(await t.http.post('/api/items').send({ menu: 3 }));
    expect(items.menu.menulist.map((m) => m.name)).toContain('外贸网站');

    const top = ok<{ id: number }>(
      await call('/api/amendmenu', {
        id: 0,
        grade: 1,
        menu: 0,
        title: '解决方案',
        pcmenu: true,
        pcmenusite: 8,
        movemenu: false,
        movemenusite: 0,
      }),
    );
    const header = ok<HeaderData>(await t.http.get('/api/header'));
    expect(header.programas.at(-1)).toEqual({ id: top.id, name: '解决方案' });

    ok(
      await call('/api/amendmenu', {
        id: top.id,
        grade: 1,
        menu: 0,
        title: '行业方案',
        pcmenu: true,
        pcmenusite: 2,
        movemenu: false,
        movemenusite: 0,
      }),
    );
    const after = ok<HeaderData>(await t.http.get('/api/header'));
    expect(after.programas.map((m) => m.name)).toContain('行业方案');
    ok(await call('/api/deletemenu', { id: top.id }));
    ok(await call('/api/deletemenu', { id: child.id }));
  });

  it.each([
    [{ grade: 2, menu: 0 }, '请选择上级栏目'],
    [{ grade: 1, menu: 3 }, '一级栏目不能选择上级栏目'],
    [{ grade: 3, menu: 3 }, '三级栏目的上级必须是二级栏目'],
    [{ grade: 2, menu: 9999 }, '上级栏目不存在'],
    [{ grade: 4, menu: 0 }, '参数 grade 必须是 1、2、3 之一'],
    [{ grade: 1, menu: 0, pcmenusite: 1 }, 'PC 端显示位置必须在 2 到 8 之间'],
    [{ grade: 1, menu: 0, pcmenusite: 9 }, 'PC 端显示位置必须在 2 到 8 之间'],
    [{ grade: 1, menu: 0, title: '' }, '栏目名称不能为空'],
    [{ grade: 1, menu: 0, pcmenu: 'yes' }, '参数 pcmenu 必须是 true 或 false'],
  ])('should refuse %j', async (change, message) => {
    const form = {
      id: 0,
      title: '新栏目',
      pcmenu: true,
      pcmenusite: 3,
      movemenu: false,
      movemenusite: 0,
      ...change,
    };
    expect(refused(await call('/api/amendmenu', form), 2)).toBe(message);
  });

  it('should not re-grade the fixed menus nor delete them', async () => {
    const form = ok<MenuForm>(await call('/api/getmenu', { menuid: 4 }));
    expect(refused(await call('/api/amendmenu', { ...form, grade: 2, menu: 3 }), 2)).toBe(
      '系统栏目不能修改级别或上级栏目',
    );
    expect(refused(await call('/api/deletemenu', { id: 2 }), 1)).toBe('系统栏目不能删除，可以设置为不显示');
  });

  it('should refuse deleting a menu that still has children or cases', async () => {
    const parent = ok<{ id: number }>(
      await call('/api/amendmenu', {
        id: 0,
        grade: 1,
        menu: 0,
        title: '临时栏目',
        pcmenu: false,
        pcmenusite: 0,
        movemenu: false,
        movemenusite: 0,
      }),
    );
    const child = ok<{ id: number }>(
      await call('/api/amendmenu', {
        id: 0,
        grade: 2,
        menu: parent.id,
        title: '子栏目',
        pcmenu: false,
        pcmenusite: 0,
        movemenu: false,
        movemenusite: 0,
      }),
    );
    expect(refused(await call('/api/deletemenu', { id: parent.id }), 1)).toBe('该栏目下还有子栏目，请先删除子栏目');
    ok(await call('/api/deletemenu', { id: child.id }));
    const created = ok<{ id: number }>(
      await call('/api/amendcase', { id: 0, name: '临时案例', top: 2, dict_id: parent.id, class_id: 1 }),
    );
    expect(refused(await call('/api/deletemenu', { id: parent.id }), 1)).toBe(
      '该栏目下还有 1 个案例，请先移走或删除这些案例',
    );
    ok(await call('/api/deletecase', { id: created.id }));
    ok(await call('/api/deletemenu', { id: parent.id }));
    refused(await call('/api/deletemenu', { id: parent.id }), 1);
  });
});

describe('cases', () => {
  // A payload as a client from before the SEO fields sends it (they are optional on input).
  const form = (change: Partial<Record<keyof CaseForm, unknown>> = {}): CaseFormInput => ({
    id: 0,
    name: '测试案例：深圳某科技官网',
    intro: '一句话介绍',
    scene: '企业官网',
    site: 'https://www.test-case.example.com',
    img: '/uploads/seed/v1/logo.svg',
    code_img: '',
    banner: [{ url: '/uploads/2026/11/a.png' }, { url: 'https://cdn.example.com/b.jpg' }],
    top: 1,
    dict_id: 3,
    class_id: 2,
    content: '<h3>项目背景</h3><p>正文</p>',
    create_time: '2026-11-20',
    ...(change as Partial<CaseFormInput>),
  });

  it('should list with the service menus and the five tabs, newest first', async () => {
    const list = ok<AdminList<CaseAdminRow>>(await call('/api/case', { page: 1 }));
    expectListShape(list);
    expect(list.list.data).toHaveLength(10);
    expect(list.menu.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(list.classic.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    expect(list.list.data[0]).toMatchObject({ dict_name: expect.any(String), class_name: expect.any(String) });
    const dates = list.list.data.map((c) => c.create_time);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('should filter by service, tab and name, and answer an empty page past the end', async () => {
    const filtered = ok<AdminList<CaseAdminRow>>(await call('/api/case', { menu: 5, classic: 5, page: 1 }));
    expect(filtered.list.data.every((c) => c.dict_id === 5 && c.class_id === 5)).toBe(true);
    const [n] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM "case" WHERE dict_id = 5 AND class_id = 5');
    expect(filtered.list.total).toBe(n!.n);
    const past = ok<AdminList<CaseAdminRow>>(await call('/api/case', { page: 99 }));
    expect(past.list.data).toEqual([]);
    expect(past.list.current_page).toBe(99);
  });

  it('should create, read, update and delete a case, visible at once on the public calls', async () => {
    const created = ok<{ id: number }>(await call('/api/amendcase', form()));
    const read = ok<CaseForm>(await call('/api/getcase', { caseid: created.id }));
    // The answer always carries the SEO fields; a create without them leaves them empty, and without a state it is
    // published.
    expect(read).toEqual({
      ...form(),
      id: created.id,
      seo_title: '',
      seo_keywords: '',
      seo_description: '',
      status: 'published',
      publish_at: null,
      review: null,
      review_comment: '',
    });

    const items = ok<ItemsData>(await t.http.post('/api/items').send({ menu: 3 }));
    expect(items.case.caselist[0]!.id).toBe(created.id); // pinned and newest

    ok(await call('/api/amendcase', form({ id: created.id, name: '改名后的案例', top: 2, class_id: 4 })));
    const detail = ok<CaseDetail>(await t.http.post('/api/details').send({ case: created.id, casemenu: 2 }));
    expect(detail).toMatchObject({ name: '改名后的案例', top: 2, class_id: 4 });

    ok(await call('/api/deletecase', { id: created.id }));
    refused(await t.http.post('/api/details').send({ case: created.id }), 1);
    refused(await call('/api/getcase', { caseid: created.id }), 1);
    refused(await call('/api/deletecase', { id: created.id }), 1);
  });

  it('should sanitise the content on save', async () => {
    const created = ok<{ id: number }>(
      await call(
        '/api/amendcase',
        form({ content: '<p onclick="x()">好</p><script>alert(1)</script><img src="javascript:alert(1)">' }),
      ),
    );
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: created.id })).content).toBe('<p>好</p>');
    ok(await call('/api/deletecase', { id: created.id }));
  });

  it.each([
    [{ name: '' }, '案例名称不能为空'],
    [{ top: 3 }, '参数 top 必须是 1、2 之一'],
    [{ class_id: 6 }, '参数 class_id 必须是 1、2、3、4、5 之一'],
    [{ dict_id: 7 }, '请选择案例所属的服务栏目'],
    [{ dict_id: 'x' }, '参数 dict_id 必须是正整数'],
    [{ site: 'javascript:alert(1)' }, '参数 site 必须是以 / 开头的站内地址或 http(s) 网址'],
    [{ img: '//evil.example.com/x.png' }, '参数 img 必须是以 / 开头的站内地址或 http(s) 网址'],
    [
      { banner: [{ url: 'data:image/png;base64,AAAA' }] },
      '参数 banner[0].url 必须是以 / 开头的站内地址或 http(s) 网址',
    ],
    [{ banner: 'x' }, '参数 banner 必须是列表'],
    [{ create_time: '2026-02-30' }, '参数 create_time 必须是 yyyy-MM-dd 格式的日期'],
  ])('should refuse %j', async (change, message) => {
    expect(refused(await call('/api/amendcase', form(change)), 2)).toBe(message);
  });

  it('should refuse updating a case that does not exist', async () => {
    expect(refused(await call('/api/amendcase', form({ id: 999_999 })), 1)).toBe('案例不存在或已删除');
  });
});

describe('news', () => {
  it('should list, filter and page articles', async () => {
    const list = ok<AdminList<NewsAdminRow>>(await call('/api/news', {}));
    expectListShape(list);
    expect(list.menu.map((m) => m.id)).toEqual([1, 2]);
    const category = ok<AdminList<NewsAdminRow>>(await call('/api/news', { menu: 2 }));
    expect(category.list.data.every((n) => n.dynamic_id === 2 && n.dynamic_name === '公司动态')).toBe(true);
    const past = ok<AdminList<NewsAdminRow>>(await call('/api/news', { page: 50 }));
    expect(past.list.data).toEqual([]);
  });

  it('should create, update and delete an article, visible at once on the public calls', async () => {
    const created = ok<{ id: number }>(
      await call('/api/amendnews', {
        id: 0,
        title: '测试新闻标题',
        intro: '摘要',
        content: '<p>正文</p>',
        dynamic_id: 1,
        create_time: '2026-11-21',
      }),
    );
    const form = ok<NewsForm>(await call('/api/getnews', { newsid: created.id }));
    expect(form).toEqual({
      id: created.id,
      title: '测试新闻标题',
      intro: '摘要',
      img: '',
      content: '<p>正文</p>',
      dynamic_id: 1,
      create_time: '2026-11-21',
      seo_title: '',
      seo_keywords: '',
      seo_description: '',
      status: 'published',
      publish_at: null,
      review: null,
      review_comment: '',
    });
    const detail = ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: created.id, state: 0 }));
    expect(detail.title).toBe('测试新闻标题');
    expect(detail.upId).toBeNull(); // the newest article of its category

    ok(await call('/api/amendnews', { ...form, title: '改过的标题' }));
    expect(ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: created.id })).title).toBe('改过的标题');
    ok(await call('/api/deletenews', { id: created.id }));
    refused(await t.http.post('/api/itemnewscut').send({ case: created.id }), 1);
  });

  it('should default the date to today and refuse an unknown category', async () => {
    const created = ok<{ id: number }>(await call('/api/amendnews', { id: 0, title: '无日期', dynamic_id: 2 }));
    const form = ok<NewsForm>(await call('/api/getnews', { newsid: created.id }));
    expect(form.create_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    ok(await call('/api/deletenews', { id: created.id }));
    expect(refused(await call('/api/amendnews', { id: 0, title: 'x', dynamic_id: 9 }), 2)).toBe('请选择文章分类');
    refused(await call('/api/getnews', { newsid: 424242 }), 1);
    refused(await call('/api/getnews', { newsid: 'abc' }), 2);
  });
});

describe('keywords', () => {
  it('should update a record and answer a message to show', async () => {
    const records = ok<KeywordRecord[]>(await t.http.post('/api/keyswords'));
    const title = records.find((r) => r.keywords === 'title')!;
    const res = await call('/api/KeyswordsUpdate', { id: title.id, content: '新的站点标题' });
    ok(res);
    expect(res.body.msg).toBe('关键词已更新，前台页面即时生效');
    const after = ok<KeywordRecord[]>(await t.http.post('/api/keyswords'));
    expect(after.find((r) => r.id === title.id)!.content).toBe('新的站点标题');
  });

  it('should refuse an unknown record and an empty text', async () => {
    expect(refused(await call('/api/KeyswordsUpdate', { id: 999, content: 'x' }), 1)).toBe('关键词记录不存在');
    expect(refused(await call('/api/KeyswordsUpdate', { id: 1, content: '  ' }), 2)).toBe('内容不能为空');
  });
});
