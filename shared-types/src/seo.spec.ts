import { normalizeSeoKeywords, normalizeSeoText, seoTextWidth, splitSeoKeywords } from './seo.js';

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
