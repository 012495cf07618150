import { canonicalQuery } from './api.js';

describe('canonicalQuery', () => {
  it('should spell fields in name order, each once, whatever order they came in', () => {
    expect(canonicalQuery({ type: 1, menu: 3, page: 4, amount: 3 })).toBe('amount=3&menu=3&page=4&type=1');
    expect(canonicalQuery({ page: 4, amount: 3, type: 1, menu: 3 })).toBe(
      canonicalQuery({ menu: 3, type: 1, page: 4, amount: 3 }),
    );
  });

  it('should leave out fields without a value and encode the others', () => {
    expect(canonicalQuery({ casemenu: undefined, case: 7, extra: null })).toBe('case=7');
    expect(canonicalQuery({ keyword: '网站 建设&设计' })).toBe(
      'keyword=%E7%BD%91%E7%AB%99%20%E5%BB%BA%E8%AE%BE%26%E8%AE%BE%E8%AE%A1',
    );
    expect(canonicalQuery({})).toBe('');
  });
});
