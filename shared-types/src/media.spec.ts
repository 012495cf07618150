import { describeMediaUse, mediaSizeText, uploadHint, uploadLimitText } from './media.js';

describe('describeMediaUse', () => {
  it('should name a case, an article and a menu by kind and title, a block by its screen', () => {
    expect(describeMediaUse({ kind: 'case', id: 3, title: '某某网站建设', trashed: false })).toBe(
      '案例「某某网站建设」',
    );
    expect(describeMediaUse({ kind: 'news', id: 1, title: '新闻', trashed: false })).toBe('文章「新闻」');
    expect(describeMediaUse({ kind: 'menu', id: 3, title: '网站建设', trashed: false })).toBe('栏目「网站建设」');
    expect(describeMediaUse({ kind: 'block', id: 0, title: '首页设置', trashed: false })).toBe('首页设置');
  });

  it('should say when the item is in the recycle bin', () => {
    expect(describeMediaUse({ kind: 'case', id: 3, title: '旧案例', trashed: true })).toBe('案例「旧案例」（回收站）');
  });
});

describe('mediaSizeText', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [12_697, '12.4 KB'],
    [1024 * 1024, '1 MB'],
    [1_572_864, '1.5 MB'],
  ])('should write %d bytes as %s', (bytes, text) => {
    expect(mediaSizeText(bytes)).toBe(text);
  });
});

describe('the upload rules in words', () => {
  it('should name every kind of picture the server takes, and its default limit', () => {
    expect(uploadHint()).toBe('只能上传 JPG、PNG、GIF 或 WebP 图片，且不超过 2MB');
    expect(uploadHint(1_572_864)).toBe('只能上传 JPG、PNG、GIF 或 WebP 图片，且不超过 1.5MB');
  });

  it.each([
    [500 * 1024, '500KB'],
    [1024 * 1024, '1MB'],
    [2 * 1024 * 1024, '2MB'],
  ])('should write a limit of %d bytes as %s', (bytes, text) => {
    expect(uploadLimitText(bytes)).toBe(text);
  });
});
