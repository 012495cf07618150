import { SITE_OR_WEB_URL, truncateName } from './text.js';

describe('truncateName', () => {
  it('should keep names of up to 30 characters', () => {
    const name = '深'.repeat(30);
    expect(truncateName(name)).toBe(name);
  });

  it('should cut after 30 characters and add an ellipsis', () => {
    const name = '深圳市云帆网络科技有限公司为华信茶业打造的全新品牌官网与线上商城一体化项目';
    const cut = truncateName(name);
    expect(cut).toBe(Array.from(name).slice(0, 30).join('') + '...');
  });

  it('should count characters outside the basic plane as one', () => {
    const name = '😀'.repeat(31);
    expect(truncateName(name)).toBe('😀'.repeat(30) + '...');
  });

  it('should accept another limit', () => {
    expect(truncateName('abcdef', 3)).toBe('abc...');
  });
});

describe('SITE_OR_WEB_URL', () => {
  it('should accept site paths and http(s) addresses', () => {
    for (const url of ['/items/3.html', '/uploads/2026/11/a.png', 'https://beian.miit.gov.cn/', 'HTTP://EXAMPLE.COM'])
      expect(SITE_OR_WEB_URL.test(url)).toBe(true);
  });

  it('should refuse scripts, data, protocol-relative and broken addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      '//evil.example',
      'items/3',
      '/a b',
      '/a"b',
      '',
    ])
      expect(SITE_OR_WEB_URL.test(url)).toBe(false);
  });
});
