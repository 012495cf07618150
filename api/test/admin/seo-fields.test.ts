import type { CaseDetail, CaseForm, CaseFormInput, NewsDetail, NewsForm, NewsFormInput } from '@site/shared-types';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * A case's and an article's own SEO title, keywords and description (docs/behaviour.md#cases-and-articles and
 * #page-titles-and-head): saved in the back office, carried by the public detail answers, written into the head of
 * the desktop and mobile pages (server-rendered, and the server's own head when it does not render), and the
 * derived values again once cleared.
 */
let t: TestApp;
let token: string;
let siteKeywords: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
  const [record] = await t.sql<{ content: string }>(`SELECT content FROM keyword WHERE keywords = 'keywords'`);
  siteKeywords = record!.content;
});
afterAll(() => t.close());

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);

const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** The head tags of a page, unescaped, with the raw HTML for what must never appear in it. */
interface Head {
  status: number;
  title: string | undefined;
  keywords: string | undefined;
  description: string | undefined;
  ogTitle: string | undefined;
  ogDescription: string | undefined;
  itemName: string | undefined;
  itemDescription: string | undefined;
  html: string;
}

const unescape = (text: string | undefined) =>
  text?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

async function pageHead(app: TestApp, path: string): Promise<Head> {
  const request = app.http.get(path);
  if (path.startsWith('/move/')) request.set('User-Agent', MOBILE_UA);
  const res = await request;
  const html = res.text;
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attribute: string, name: string) =>
    unescape(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)" />`).exec(head)?.[1]);
  return {
    status: res.status,
    title: unescape(/<title>([^<]*)<\/title>/.exec(head)?.[1]),
    keywords: meta('name', 'keywords'),
    description: meta('name', 'description'),
    ogTitle: meta('property', 'og:title'),
    ogDescription: meta('property', 'og:description'),
    itemName: meta('itemprop', 'name'),
    itemDescription: meta('itemprop', 'description'),
    html,
  };
}

/** Every tag a page's title, keywords and description go into. */
function expectHead(head: Head, want: { title: string; keywords: string; description: string }) {
  expect({
    status: head.status,
    title: head.title,
    keywords: head.keywords,
    description: head.description,
    ogTitle: head.ogTitle,
    ogDescription: head.ogDescription,
    itemName: head.itemName,
    itemDescription: head.itemDescription,
  }).toEqual({
    status: 200,
    title: want.title,
    keywords: want.keywords,
    description: want.description,
    ogTitle: want.title,
    ogDescription: want.description,
    itemName: want.title,
    itemDescription: want.description,
  });
}

const caseForm = (change: Partial<CaseFormInput> = {}): CaseFormInput => ({
  id: 0,
  name: 'SEO 测试案例：茶企官网',
  intro: '为茶叶企业打造的品牌官网。',
  scene: '企业官网',
  site: '',
  img: '/uploads/seed/v1/logo.svg',
  code_img: '',
  banner: [],
  top: 2,
  dict_id: 3,
  class_id: 1,
  content: '<p>正文</p>',
  create_time: '2024-01-02',
  ...change,
});

const newsForm = (change: Partial<NewsFormInput> = {}): NewsFormInput => ({
  id: 0,
  title: 'SEO 测试文章：官网改版',
  intro: '改版前要想清楚的五件事。',
  img: '',
  content: '<p>正文</p>',
  dynamic_id: 1,
  create_time: '2024-01-02',
  ...change,
});

describe('a case', () => {
  let id: number;
  beforeAll(async () => {
    id = ok<{ id: number }>(
      await call(
        '/api/amendcase',
        caseForm({
          seo_title: '  茶叶品牌官网建设案例 |  云帆 ',
          seo_keywords: '茶叶官网，品牌官网 , ,茶叶官网,网站建设',
          seo_description: '云帆为茶企打造的品牌官网：\n产品展示、门店查询与线上商城。',
        }),
      ),
    ).id;
  });

  const saved = {
    seo_title: '茶叶品牌官网建设案例 | 云帆',
    seo_keywords: '茶叶官网,品牌官网,网站建设',
    seo_description: '云帆为茶企打造的品牌官网： 产品展示、门店查询与线上商城。',
  };

  it('should store the fields normalised and answer them in the form and the public detail', async () => {
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id }))).toMatchObject(saved);
    const detail = ok<CaseDetail>(await t.http.post('/api/details').send({ case: id, casemenu: 2 }));
    expect(detail).toMatchObject({ ...saved, name: 'SEO 测试案例：茶企官网', intro: '为茶叶企业打造的品牌官网。' });
  });

  it('should give the desktop and mobile pages the SEO title as written, its keywords and description', async () => {
    const want = { title: saved.seo_title, keywords: saved.seo_keywords, description: saved.seo_description };
    expectHead(await pageHead(t, `/details/${id}.html`), want);
    expectHead(await pageHead(t, `/details/${id}.html?casemenu=3`), want);
    expectHead(await pageHead(t, `/move/details/${id}.html`), want);
  });

  it('should give the same head when the server does not render the page', async () => {
    const plain = await createTestApp({ SSR: 'false' }, { reuse: t });
    try {
      const head = await pageHead(plain, `/details/${id}.html`);
      expect(head.html).not.toContain('id="site-state"');
      expectHead(head, { title: saved.seo_title, keywords: saved.seo_keywords, description: saved.seo_description });
      expect((await pageHead(plain, `/move/details/${id}.html`)).title).toBe(saved.seo_title);
    } finally {
      await plain.close();
    }
  });

  it('should keep the stored fields when a save leaves them out (a client that does not know them)', async () => {
    ok(await call('/api/amendcase', caseForm({ id, name: 'SEO 测试案例：茶企官网（二期）' })));
    const form = ok<CaseForm>(await call('/api/getcase', { caseid: id }));
    expect(form).toMatchObject({ ...saved, name: 'SEO 测试案例：茶企官网（二期）' });
  });

  it('should change one field and leave the others', async () => {
    ok(await call('/api/amendcase', caseForm({ id, ...saved, seo_keywords: '茶叶官网' })));
    expect(ok<CaseForm>(await call('/api/getcase', { caseid: id }))).toMatchObject({
      ...saved,
      seo_keywords: '茶叶官网',
    });
    expect((await pageHead(t, `/details/${id}.html`)).keywords).toBe('茶叶官网');
  });

  it('should go back to the derived title, keywords and description once the fields are cleared', async () => {
    ok(await call('/api/amendcase', caseForm({ id, seo_title: '', seo_keywords: ' ，, ', seo_description: '   ' })));
    const form = ok<CaseForm>(await call('/api/getcase', { caseid: id }));
    expect(form).toMatchObject({ seo_title: '', seo_keywords: '', seo_description: '' });
    const derived = {
      title: 'SEO 测试案例：茶企官网 - 云帆科技',
      keywords: siteKeywords,
      description: '为茶叶企业打造的品牌官网。',
    };
    expectHead(await pageHead(t, `/details/${id}.html`), derived);
    expectHead(await pageHead(t, `/move/details/${id}.html`), derived);
  });

  it('should escape a title and a description that try to close the head', async () => {
    const evil = '</title><script>alert(1)</script>';
    ok(
      await call(
        '/api/amendcase',
        caseForm({ id, seo_title: `坏${evil}`, seo_description: '"><script>alert(2)</script>', seo_keywords: '"a"' }),
      ),
    );
    for (const path of [`/details/${id}.html`, `/move/details/${id}.html`]) {
      const head = await pageHead(t, path);
      expect(head.title).toBe(`坏${evil}`);
      expect(head.description).toBe('"><script>alert(2)</script>');
      expect(head.keywords).toBe('"a"');
      expect(head.html).toContain('<title>坏&#60;/title&#62;&#60;script&#62;alert(1)&#60;/script&#62;</title>');
      expect(head.html).not.toContain('<script>alert(');
      expect(head.html).not.toContain('"><script>');
    }
  });

  afterAll(async () => {
    ok(await call('/api/deletecase', { id }));
  });
});

describe('an article', () => {
  let id: number;
  beforeAll(async () => {
    id = ok<{ id: number }>(
      await call(
        '/api/amendnews',
        newsForm({ seo_title: '官网改版指南', seo_keywords: '官网改版，网站建设', seo_description: '五件事。' }),
      ),
    ).id;
  });

  it('should store, answer and use the fields on both faces, then the derived ones once cleared', async () => {
    const saved = { seo_title: '官网改版指南', seo_keywords: '官网改版,网站建设', seo_description: '五件事。' };
    expect(ok<NewsForm>(await call('/api/getnews', { newsid: id }))).toMatchObject(saved);
    expect(ok<NewsDetail>(await t.http.post('/api/itemnewscut').send({ case: id }))).toMatchObject(saved);
    const want = { title: '官网改版指南', keywords: '官网改版,网站建设', description: '五件事。' };
    expectHead(await pageHead(t, `/news/${id}.html`), want);
    expectHead(await pageHead(t, `/move/news/${id}.html`), want);

    // Left out: kept.
    ok(await call('/api/amendnews', newsForm({ id, title: 'SEO 测试文章：官网改版（修订）' })));
    expect(ok<NewsForm>(await call('/api/getnews', { newsid: id }))).toMatchObject(saved);

    ok(await call('/api/amendnews', newsForm({ id, seo_title: '', seo_keywords: '', seo_description: '' })));
    const derived = {
      title: 'SEO 测试文章：官网改版 - 云帆科技',
      keywords: siteKeywords,
      description: '改版前要想清楚的五件事。',
    };
    expectHead(await pageHead(t, `/news/${id}.html`), derived);
    expectHead(await pageHead(t, `/move/news/${id}.html`), derived);
  });

  it('should fall back to the site description when neither field nor intro is set', async () => {
    ok(await call('/api/amendnews', newsForm({ id, intro: '', seo_title: '只有标题' })));
    const [site] = await t.sql<{ content: string }>(`SELECT content FROM keyword WHERE keywords = 'description'`);
    const head = await pageHead(t, `/news/${id}.html`);
    expect({ title: head.title, description: head.description }).toEqual({
      title: '只有标题',
      description: site!.content,
    });
  });

  afterAll(async () => {
    ok(await call('/api/deletenews', { id }));
  });
});

describe('validation', () => {
  const caseCount = async () => t.sql('SELECT count(*)::int AS n FROM "case"');

  it.each([
    ['a title over 80 characters', { seo_title: '标'.repeat(81) }, 'SEO标题不能超过 80 个字符'],
    ['keywords over 200 characters', { seo_keywords: '关'.repeat(201) }, 'SEO关键词不能超过 200 个字符'],
    ['a description over 300 characters', { seo_description: '描'.repeat(301) }, 'SEO描述不能超过 300 个字符'],
    ['a number', { seo_title: 42 }, 'SEO标题必须是文本'],
    ['null', { seo_keywords: null }, 'SEO关键词必须是文本'],
    ['a list', { seo_keywords: ['网站', '建设'] }, 'SEO关键词必须是文本'],
    ['an object', { seo_description: { text: '描述' } }, 'SEO描述必须是文本'],
    ['true', { seo_title: true }, 'SEO标题必须是文本'],
  ])('should refuse %s with code 2 and a Chinese message naming the field', async (_what, change, message) => {
    const count = await caseCount();
    expect(refused(await call('/api/amendcase', { ...caseForm(), ...change }), 2)).toBe(message);
    expect(refused(await call('/api/amendnews', { ...newsForm(), ...change }), 2)).toBe(message);
    expect(await caseCount()).toEqual(count);
  });

  it('should accept the longest texts, and check the keywords once normalised', async () => {
    const longest = {
      seo_title: '标'.repeat(80),
      // 258 characters as typed; 200 once the repeats are gone.
      seo_keywords: `${'关'.repeat(198)}${'，关'.repeat(30)}`,
      seo_description: '描'.repeat(300),
    };
    const { id } = ok<{ id: number }>(await call('/api/amendcase', caseForm(longest)));
    const form = ok<CaseForm>(await call('/api/getcase', { caseid: id }));
    expect(form.seo_title).toHaveLength(80);
    expect(form.seo_keywords).toBe(`${'关'.repeat(198)},关`);
    expect(form.seo_description).toHaveLength(300);
    ok(await call('/api/deletecase', { id }));
  });
});
