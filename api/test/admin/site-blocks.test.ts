import type { AboutData, ContactData, FooterData, HeaderData, IndexData } from '@site/shared-types';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
});
afterAll(() => t.close());

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);

describe('header block', () => {
  it('should read and save the logo and banners, shown at once by GET /api/header', async () => {
    const header = ok<{ logo: HeaderData['logo']; banner: HeaderData['banner'] }>(await call('/api/getheader'));
    expect(Object.keys(header).sort()).toEqual(['banner', 'logo']);
    const banner = [{ id: 1, pic: '/uploads/2026/11/new-banner.jpg', title: '全新横幅', link: '/items/3.html' }];
    const res = await call('/api/amendheader', { logo: header.logo, banner });
    ok(res);
    expect(res.body.msg).toBe('保存成功');
    const publicHeader = ok<HeaderData>(await t.http.get('/api/header'));
    expect(publicHeader.banner).toEqual(banner);
    expect(publicHeader.programas.length).toBeGreaterThan(0);
  });

  it.each([
    [
      { banner: [{ id: 1, pic: 'javascript:alert(1)', title: 'x', link: '' }] },
      '参数 banner[0].pic 必须是以 / 开头的站内地址或 http(s) 网址',
    ],
    [
      { banner: [{ id: 1, pic: '/a.png', title: 'x', link: 'javascript:alert(1)' }] },
      '参数 banner[0].link 必须是以 / 开头的站内地址或 http(s) 网址',
    ],
    [{ banner: 'nope' }, '参数 banner 必须是列表'],
    [{ logo: 'nope', banner: [] }, '参数 logo 格式不正确'],
  ])('should refuse %j and keep the saved block', async (change, message) => {
    const before = ok<object>(await call('/api/getheader'));
    expect(refused(await call('/api/amendheader', { ...before, ...change }), 2)).toBe(message);
    expect(ok<object>(await call('/api/getheader'))).toEqual(before);
  });
});

describe('footer block', () => {
  it('should save the footer and refuse a menu tag added twice', async () => {
    const footer = ok<FooterData>(await call('/api/getfooter'));
    const duplicate = {
      ...footer,
      abouts: [...footer.abouts, { id: 99, name: '重复', column_id: footer.abouts[0]!.column_id }],
    };
    expect(refused(await call('/api/amendfooter', duplicate), 2)).toBe('菜单已加载，请勿重复添加，标题添加失败');

    const changed = { ...footer, wechat: { ...footer.wechat, p1: '扫码关注我们' } };
    ok(await call('/api/amendfooter', changed));
    expect(ok<FooterData>(await t.http.get('/api/footer')).wechat.p1).toBe('扫码关注我们');
  });

  it('should require exactly two filing marks', async () => {
    const footer = ok<FooterData>(await call('/api/getfooter'));
    const one = {
      ...footer,
      information: {
        ...footer.information,
        mark: { ...footer.information.mark, imgs: [footer.information.mark.imgs[0]] },
      },
    };
    expect(refused(await call('/api/amendfooter', one), 2)).toBe('参数 information.mark.imgs 必须正好 2 项');
  });
});

describe('home block', () => {
  it('should save titles and cards and keep cases and news coming from their tables', async () => {
    const home = ok<{ success: { title: string }; service: { intro: string[] }[] }>(await call('/api/gethome'));
    const changed = { ...home, success: { ...home.success, title: '精选案例' } };
    ok(await call('/api/amendhome', changed));
    const index = ok<IndexData>(await t.http.get('/api/index'));
    expect(index.success.title).toBe('精选案例');
    expect(index.success.content.length).toBe(4);
    const broken = { ...home, service: [{ ...home.service[0], intro: ['只有一行'] }] };
    expect(refused(await call('/api/amendhome', broken), 2)).toBe('参数 service[0].intro 必须正好 3 行');
  });
});

describe('about block', () => {
  it('should save the about page sections', async () => {
    const about = ok<AboutData>(await call('/api/getabout'));
    ok(await call('/api/amendabout', { ...about, profile: { ...about.profile, paragraphs: ['第一段', '第二段'] } }));
    expect(ok<AboutData>(await t.http.get('/api/about')).profile.paragraphs).toEqual(['第一段', '第二段']);
  });
});

describe('contact (relation) block', () => {
  it('should save phones and the map position', async () => {
    const contact = ok<ContactData>(await call('/api/getrelation'));
    ok(
      await call('/api/amendrelation', {
        ...contact,
        phones: ['0755-8600 0001'],
        map: { lng: 114.05, lat: 22.54, zoom: 14 },
      }),
    );
    const after = ok<ContactData>(await t.http.get('/api/contact'));
    expect(after.phones).toEqual(['0755-8600 0001']);
    expect(after.map).toEqual({ lng: 114.05, lat: 22.54, zoom: 14 });
  });

  it('should refuse coordinates that are not on Earth', async () => {
    const contact = ok<ContactData>(await call('/api/getrelation'));
    expect(refused(await call('/api/amendrelation', { ...contact, map: { lng: 500, lat: 22, zoom: 14 } }), 2)).toBe(
      '参数 map.lng 必须在 -180 到 180 之间',
    );
  });
});

describe('a damaged stored block', () => {
  it('should leave the damaged sections out of the public answers and pages, never fail them', async () => {
    const home = ok<Record<string, unknown>>(await call('/api/gethome'));
    const about = ok<Record<string, unknown>>(await call('/api/getabout'));
    try {
      // As a block saved before saves were checked as a whole, or edited by hand in the database.
      const { dynamic: _dropped, ...withoutDynamic } = home;
      await t.sql(`UPDATE site_block SET value = $1::jsonb WHERE key = 'home'`, [
        JSON.stringify({ ...withoutDynamic, service: 'nope' }),
      ]);
      await t.sql(`UPDATE site_block SET value = '{}'::jsonb WHERE key = 'about'`);

      const index = ok<IndexData>(await t.http.get('/api/index'));
      expect(index.success.title).toBe((home.success as { title: string }).title);
      expect(index.service).toEqual([]);
      expect(index.dynamic.content.viewpoint.content.length).toBeGreaterThan(0);
      expect(ok<AboutData>(await t.http.get('/api/about')).honours.items).toEqual([]);
      for (const page of ['/', '/about.html']) expect((await t.http.get(page)).status).toBe(200);
    } finally {
      ok(await call('/api/amendhome', home));
      ok(await call('/api/amendabout', about));
    }
    expect(ok<IndexData>(await t.http.get('/api/index')).service).toEqual(home.service);
  });
});
