import { isSeoFilePath, normalizeSeoKeywords, normalizeSeoText, seoTextWidth, splitSeoKeywords } from './seo.js';

describe('normalizeSeoKeywords', () => {
  it('should turn full-width commas into commas and drop the spaces around keywords', () => {
    expect(normalizeSeoKeywords(' 深圳网站建设，小程序开发 ,  品牌设计 ')).toBe('深圳网站建设,小程序开发,品牌设计');
  });

  it('should drop empty keywords and repeats, keeping the first spelling', () => {
    expect(normalizeSeoKeywords('，,小程序,,SEO， 小程序 ,seo,')).toBe('小程序,SEO');
  });

  it('should also split on 、 and semicolons, and keep one space inside a keyword', () => {
    expect(normalizeSeoKeywords('网站建设、微信  营销；APP开发;H5')).toBe('网站建设,微信 营销,APP开发,H5');
  });

  it('should answer an empty text for nothing but separators', () => {
    expect(normalizeSeoKeywords(' ，, ， ')).toBe('');
    expect(splitSeoKeywords('')).toEqual([]);
  });
});

describe('normalizeSeoText', () => {
  it('should trim and make every run of white space one space', () => {
    expect(normalizeSeoText('  云帆\n\n官网\t改版  ')).toBe('云帆 官网 改版');
  });
});

describe('seoTextWidth', () => {
  it('should count a Chinese character or full-width sign as 1 and a Latin one as a half, rounded up', () => {
    expect(seoTextWidth('云帆科技')).toBe(4);
    expect(seoTextWidth('云帆，科技')).toBe(5);
    expect(seoTextWidth('SEO')).toBe(2);
    expect(seoTextWidth('云帆 SEO')).toBe(4);
    expect(seoTextWidth('')).toBe(0);
  });
});

describe('isSeoFilePath', () => {
  it('should know robots.txt, the sitemap index, and every file of a sitemap from the second on', () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemap-desktop.xml', '/sitemap-mobile.xml']) {
      expect(isSeoFilePath(path)).toBe(true);
    }
    for (const path of ['/sitemap-desktop-2.xml', '/sitemap-mobile-10.xml', '/sitemap-desktop-9999.xml']) {
      expect(isSeoFilePath(path)).toBe(true);
    }
    // The first file has no number; a number is never written with a leading zero, nor past 9999.
    for (const path of ['/sitemap-desktop-1.xml', '/sitemap-mobile-0.xml', '/sitemap-desktop-02.xml']) {
      expect(isSeoFilePath(path)).toBe(false);
    }
    for (const path of ['/sitemap-desktop-10000.xml', '/sitemap-other.xml', '/sitemap-desktop-2.xml/', '/sitemap']) {
      expect(isSeoFilePath(path)).toBe(false);
    }
  });
});
