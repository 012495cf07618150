import { unstorableText } from './validation.js';

describe('unstorableText', () => {
  it('should find NUL and lone surrogates and name where they are', () => {
    expect(unstorableText({ keyword: 'a\u0000' })).toBe('keyword');
    expect(unstorableText({ banner: [{ title: 'ok' }, { title: '\ud800' }] })).toBe('banner[1].title');
    expect(unstorableText({ a: { b: ['x', 'y\udc00'] } })).toBe('a.b[1]');
    expect(unstorableText({ nested: { 'k\u0000': 1 } })).toBe('nested');
    expect(unstorableText({ 'k\u0000': 1 })).toBe('');
    expect(unstorableText('\u0000', 'id')).toBe('id');
  });

  it('should accept every well-formed text, pairs of surrogates included', () => {
    expect(unstorableText({ title: '云帆 😀 科技', list: ['\t\n', 3, null, true], deep: { ok: '𠀀' } })).toBeNull();
    expect(unstorableText(undefined)).toBeNull();
  });
});
