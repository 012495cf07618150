import { sanitizeRichText } from './rich-text.js';
import { DANGEROUS_MARKUP, XSS_VECTORS } from '../../test/support/xss-corpus.js';

describe('sanitizeRichText', () => {
  it('has a corpus of at least 50 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_VECTORS)('should neutralise %s', (vector) => {
    const clean = sanitizeRichText(vector);
    for (const pattern of DANGEROUS_MARKUP) expect(clean).not.toMatch(pattern);
  });

  it('should keep what CKEditor 5 produces (in its normal form)', () => {
    const html = [
      '<h2>项目背景</h2>',
      '<p style="text-align:center">居中的<strong>段落</strong>，<em>强调</em>与<a href="https://www.example.com/a?b=1">链接</a></p>',
      '<ul><li>第一项</li><li>第二项</li></ul>',
      '<ol start="3"><li>三</li></ol>',
      '<blockquote><p>引用</p></blockquote>',
      '<figure class="image image_resized" style="width:50%"><img src="/uploads/2026/11/abc.png" alt="示意图" /><figcaption>说明</figcaption></figure>',
      '<figure class="table"><table><thead><tr><th>指标</th></tr></thead><tbody><tr><td colspan="2">提升 35%</td></tr></tbody></table></figure>',
      '<p><a href="mailto:hello@yunfan.example.com">写信</a></p>',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('should protect links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://www.example.com" target="_blank">x</a>')).toBe(
      '<a href="https://www.example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('should only keep image and link addresses that are absolute http(s) or on this site', () => {
    expect(sanitizeRichText('<p><img src="relative.png" alt="a" />x</p>')).toBe('<p>x</p>');
    expect(sanitizeRichText('<p><img src="https://cdn.example.com/a.png" /></p>')).toBe(
      '<p><img src="https://cdn.example.com/a.png" /></p>',
    );
    expect(sanitizeRichText('<a href="#part-2">跳转</a>')).toBe('<a href="#part-2">跳转</a>');
    expect(sanitizeRichText('<a href="ftp://x.example.com/">x</a>')).toBe('<a>x</a>');
  });

  it('should drop foreign classes and styles but keep the text', () => {
    expect(sanitizeRichText('<p class="evil" style="color:red">文本</p>')).toBe('<p>文本</p>');
    expect(sanitizeRichText('<div><p>块</p></div>')).toBe('<p>块</p>');
  });
});
