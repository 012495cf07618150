import { DEFAULT_META } from './constants.js';
import { caseHead, composeHead, headTitle, itemHead, NOT_FOUND_HEAD, siteMetaFrom } from './page-head.js';

const site = siteMetaFrom([]);
const article = { title: '网站改版的五个细节', intro: '上线前把这五件事做好。', img: '/uploads/a.png' };
const unset = { seo_title: '', seo_keywords: '', seo_description: '' };

describe('itemHead', () => {
  it('should derive the head from the title, the intro and the picture when no SEO field is set', () => {
    expect(itemHead({ ...article, ...unset })).toEqual({
      title: '网站改版的五个细节',
      description: '上线前把这五件事做好。',
      image: '/uploads/a.png',
    });
    // An answer without the SEO fields (an older server) gives the same head.
    expect(itemHead(article)).toEqual(itemHead({ ...article, ...unset }));
  });

  it('should take the SEO title as the full title, and the SEO keywords and description', () => {
    const head = itemHead({
      ...article,
      seo_title: '网站改版指南｜云帆',
      seo_keywords: '网站改版,SEO',
      seo_description: '五个容易忽略的改版细节。',
    });
    expect(head).toEqual({
      title: '网站改版的五个细节',
      fullTitle: '网站改版指南｜云帆',
      keywords: '网站改版,SEO',
      description: '五个容易忽略的改版细节。',
      image: '/uploads/a.png',
    });
  });

  it('should take each SEO field on its own and ignore one of spaces only', () => {
    const head = itemHead({ ...article, ...unset, seo_description: '只有描述', seo_title: '   ' });
    expect(head.fullTitle).toBeUndefined();
    expect(head.keywords).toBeUndefined();
    expect(head.description).toBe('只有描述');
  });

  it('should leave out an empty intro and picture', () => {
    expect(itemHead({ title: 'x', intro: '', img: '' })).toEqual({ title: 'x' });
  });

  it('should answer not-found without an item', () => {
    expect(itemHead(undefined)).toBe(NOT_FOUND_HEAD);
    expect(caseHead(null)).toBe(NOT_FOUND_HEAD);
  });
});

describe('caseHead', () => {
  it("should title the page with the case's name and use its SEO fields", () => {
    const detail = { name: '华信茶业官网', intro: '茶企品牌官网', img: '/uploads/c.png' };
    expect(caseHead({ ...detail, ...unset })).toEqual({
      title: '华信茶业官网',
      description: '茶企品牌官网',
      image: '/uploads/c.png',
    });
    expect(
      caseHead({ ...detail, ...unset, seo_title: '华信茶业 - 茶叶品牌官网案例', seo_keywords: '茶叶官网' }),
    ).toEqual({
      title: '华信茶业官网',
      fullTitle: '华信茶业 - 茶叶品牌官网案例',
      keywords: '茶叶官网',
      description: '茶企品牌官网',
      image: '/uploads/c.png',
    });
  });
});

describe('composeHead', () => {
  it("should compose the item's title with the company name and complete the head with the site's meta", () => {
    expect(composeHead(itemHead({ ...article, intro: '' }), site)).toEqual({
      status: 200,
      title: '网站改版的五个细节 - 云帆科技',
      name: '网站改版的五个细节',
      description: DEFAULT_META.description,
      keywords: DEFAULT_META.keywords,
      image: '/uploads/a.png',
    });
  });

  it('should use the full title as written and the SEO keywords and description instead of the derived ones', () => {
    const head = itemHead({ ...article, seo_title: '改版指南', seo_keywords: '改版,官网', seo_description: '描述' });
    expect(composeHead(head, site)).toMatchObject({ title: '改版指南', keywords: '改版,官网', description: '描述' });
  });

  it('should keep the site title for a page without a title and the status of a missing page', () => {
    expect(composeHead({ title: null }, site)).toMatchObject({ title: DEFAULT_META.title, name: null });
    expect(composeHead(NOT_FOUND_HEAD, site)).toMatchObject({ status: 404, title: '页面不存在 - 云帆科技' });
  });
});

describe('headTitle', () => {
  it('should prefer the full title and otherwise compose the page title', () => {
    expect(headTitle({ title: '关于我们', fullTitle: '关于云帆' }, DEFAULT_META.title)).toBe('关于云帆');
    expect(headTitle({ title: '关于我们' }, DEFAULT_META.title)).toBe('关于我们 - 云帆科技');
    expect(headTitle({ title: null, fullTitle: '' }, DEFAULT_META.title)).toBe(DEFAULT_META.title);
  });
});
