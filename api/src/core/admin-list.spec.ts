import { adminList, pageWindow } from './admin-list.js';

describe('pageWindow', () => {
  it('should turn a 1-based page into an offset', () => {
    expect(pageWindow(3, 10)).toEqual({ page: 3, offset: 20, limit: 10 });
    expect(pageWindow(undefined, 10)).toEqual({ page: 1, offset: 0, limit: 10 });
  });
});

describe('adminList', () => {
  it('should count the last page, at least 1', () => {
    expect(adminList([], 0, 1, 10, []).list.last_page).toBe(1);
    expect(adminList([], 21, 1, 10, []).list.last_page).toBe(3);
    expect(adminList([1], 10, 1, 10, [], []).list).toEqual({
      data: [1],
      current_page: 1,
      total: 10,
      per_page: 10,
      last_page: 1,
    });
  });
});
