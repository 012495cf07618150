import { fitHeadings, SITE_OR_WEB_URL, truncateName } from './text.js';

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

describe('fitHeadings', () => {
  it('should start the body one level below the page heading', () => {
    expect(fitHeadings('<h3>背景</h3><p>正文</p><h3>方案</h3>')).toBe('<h2>背景</h2><p>正文</p><h2>方案</h2>');
  });

  it('should close up skipped levels and keep the order of the rest', () => {
    expect(fitHeadings('<h2>一</h2><h4>一.1</h4><h5>一.1.1</h5><h2>二</h2><h3>二.1</h3>')).toBe(
      '<h2>一</h2><h3>一.1</h3><h4>一.1.1</h4><h2>二</h2><h3>二.1</h3>',
    );
  });

  it('should keep attributes and move a body h1 below the page heading', () => {
    expect(fitHeadings('<h1 style="text-align:center">标题</h1><H4>小节</H4>')).toBe(
      '<h2 style="text-align:center">标题</h2><h3>小节</h3>',
    );
  });

  it('should leave a body without headings, and look-alike tags, as they are', () => {
    const html = '<p>没有标题</p><header>x</header><hr><h7>y</h7>';
    expect(fitHeadings(html)).toBe(html);
  });

  it('should give siblings one level whatever their children', () => {
    expect(fitHeadings('<h3>一</h3><h5>一.1</h5><h3>二</h3>')).toBe('<h2>一</h2><h3>一.1</h3><h2>二</h2>');
  });

  it('should fit under another page level', () => {
    expect(fitHeadings('<h2>a</h2><h2>b</h2>', 2)).toBe('<h3>a</h3><h3>b</h3>');
  });
});
