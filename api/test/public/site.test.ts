import type { AboutData, ContactData, FooterData, HeaderData, IndexData } from '@site/shared-types';
import { ok } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const keys = (value: object) => Object.keys(value).sort();

describe('GET /api/header', () => {
  it('should answer the logo, the banners and the desktop menu in position order', async () => {
    const header = ok<HeaderData>(await t.http.get('/api/header'));
    expect(keys(header)).toEqual(['banner', 'logo', 'programas']);
    expect(keys(header.logo)).toEqual(['alt', 'url']);
    expect(header.logo.url).toMatch(/^\/uploads\//);
    expect(header.banner.length).toBeGreaterThanOrEqual(3);
    for (const slide of header.banner) {
      expect(slide).toEqual({
        id: expect.any(Number),
        pic: expect.stringMatching(/^\/uploads\//),
        title: expect.any(String),
        link: expect.any(String),
      });
    }
    expect(header.programas.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const entry of header.programas) expect(keys(entry)).toEqual(['id', 'name']);
  });

  it('should follow the menu table: hidden entries leave, positions reorder', async () => {
    await t.sql('UPDATE menu SET pc = false WHERE id = 6');
    await t.sql('UPDATE menu SET pcsite = 0 WHERE id = 7');
    const header = ok<HeaderData>(await t.http.get('/api/header'));
    expect(header.programas.map((m) => m.id)).toEqual([7, 1, 2, 3, 4, 5]);
    await t.sql('UPDATE menu SET pc = true WHERE id = 6');
    await t.sql('UPDATE menu SET pcsite = 7 WHERE id = 7');
  });

  it('should serve the images it names', async () => {
    const header = ok<HeaderData>(await t.http.get('/api/header'));
    const res = await t.http.get(header.logo.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/immutable/);
  });
});

describe('GET /api/footer', () => {
  it('should answer every footer block with the documented field names', async () => {
    const footer = ok<FooterData>(await t.http.get('/api/footer'));
    expect(keys(footer)).toEqual(['abouts', 'contact', 'information', 'link', 'qq', 'wechat']);
    expect(footer.abouts[0]).toEqual({ id: expect.any(Number), name: expect.any(String), column_id: 7 });
    for (const about of footer.abouts) expect(keys(about)).toEqual(['column_id', 'id', 'name']);
    for (const contact of footer.contact) expect(keys(contact)).toEqual(['content', 'id', 'img']);
    expect(footer.link.length).toBeGreaterThan(0);
    for (const link of footer.link) {
      expect(keys(link)).toEqual(['id', 'name', 'site']);
      expect(link.site).toMatch(/^https?:\/\//);
    }
    expect(keys(footer.wechat)).toEqual(['img', 'p1', 'p2']);
    expect(keys(footer.information)).toEqual(['Copyright', 'link', 'mark']);
    expect(footer.information.Copyright).toContain('©');
    expect(footer.information.link.site).toMatch(/^https:\/\/beian\.miit\.gov\.cn/);
    expect(footer.information.mark.imgs).toHaveLength(2);
    for (const mark of footer.information.mark.imgs) expect(keys(mark)).toEqual(['content', 'img']);
    expect(typeof footer.information.mark.mak).toBe('string');
    expect(footer.qq.length).toBeGreaterThan(0);
  });
});

describe('GET /api/index', () => {
  it('should answer success cases, news columns, services and client logos', async () => {
    const home = ok<IndexData>(await t.http.get('/api/index'));
    expect(keys(home)).toEqual(['client', 'dynamic', 'service', 'success']);

    expect(keys(home.success)).toEqual(['background', 'content', 'intro', 'title']);
    expect(home.success.content).toHaveLength(4);
    for (const item of home.success.content) expect(keys(item)).toEqual(['id', 'img', 'name', 'scene']);

    expect(keys(home.dynamic)).toEqual(['background', 'content', 'intro', 'title']);
    const { viewpoint, extend } = home.dynamic.content;
    for (const column of [viewpoint, extend]) {
      expect(keys(column)).toEqual(['content', 'site', 'title']);
      expect(column.content.length).toBeGreaterThan(0);
      expect(column.content.length).toBeLessThanOrEqual(4);
      for (const item of column.content) {
        expect(keys(item)).toEqual(['create_time', 'day', 'id', 'intro', 'month', 'title']);
        expect(item.create_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        const [year, month, day] = item.create_time.split('-');
        expect(item.month).toBe(`${year}-${month}`);
        expect(item.day).toBe(day);
      }
    }

    expect(home.service.map((s) => s.id)).toEqual([3, 4, 5, 6]);
    for (const card of home.service) {
      expect(keys(card)).toEqual(['id', 'img', 'intro', 'name', 'nature', 'scene']);
      expect(card.intro).toHaveLength(3);
    }
    expect(home.client).toHaveLength(18);
  });

  it('should put pinned cases first among the success cases', async () => {
    const pinned = await t.sql<{ id: number }>(
      'SELECT id FROM "case" WHERE top = 1 ORDER BY create_time DESC, id DESC LIMIT 4',
    );
    const home = ok<IndexData>(await t.http.get('/api/index'));
    expect(home.success.content.slice(0, pinned.length).map((c) => c.id)).toEqual(pinned.map((p) => p.id));
  });

  it('should fill the viewpoint column with the newest articles of its category', async () => {
    const newest = await t.sql<{ id: number }>(
      'SELECT id FROM news WHERE dynamic_id = 1 ORDER BY create_time DESC, id DESC LIMIT 4',
    );
    const home = ok<IndexData>(await t.http.get('/api/index'));
    expect(home.dynamic.content.viewpoint.content.map((n) => n.id)).toEqual(newest.map((n) => n.id));
  });
});

describe('GET /api/about', () => {
  it('should answer the profile, three culture inspirations and five honours', async () => {
    const about = ok<AboutData>(await t.http.get('/api/about'));
    expect(keys(about)).toEqual(['culture', 'honours', 'process', 'profile']);
    expect(about.profile.paragraphs.length).toBeGreaterThan(1);
    expect(about.culture.items.map((i) => i.title).join()).toMatch(/壁画.*篆刻.*航天/);
    expect(about.honours.items).toHaveLength(5);
    for (const honour of about.honours.items) expect(keys(honour)).toEqual(['img', 'title']);
  });
});

describe('GET /api/contact', () => {
  it('should answer the contact block with the map position at zoom 14', async () => {
    const contact = ok<ContactData>(await t.http.get('/api/contact'));
    expect(contact.company).toContain('云帆');
    expect(contact.phones.length).toBeGreaterThan(0);
    expect(contact.map.zoom).toBe(14);
    expect(contact.map.lng).toEqual(expect.any(Number));
  });
});

describe('site blocks never saved', () => {
  it('should answer empty but well-formed blocks', async () => {
    await t.sql('DELETE FROM site_block');
    const header = ok<HeaderData>(await t.http.get('/api/header'));
    expect(header.banner).toEqual([]);
    expect(header.programas.length).toBeGreaterThan(0);
    const footer = ok<FooterData>(await t.http.get('/api/footer'));
    expect(footer.information.mark.imgs).toHaveLength(2);
    const home = ok<IndexData>(await t.http.get('/api/index'));
    expect(home.service).toEqual([]);
    expect(home.success.content.length).toBeGreaterThan(0);
  });
});
