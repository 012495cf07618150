import { pageAfterDelete, pagination, type ListPage } from './paging.js';

const page = (overrides: Partial<ListPage>): ListPage => ({
  data: [],
  current_page: 1,
  total: 0,
  per_page: 10,
  last_page: 1,
  ...overrides,
});

describe('pagination', () => {
  const onChange = () => undefined;

  it('should be hidden while there is no answer yet or the list fits one page', () => {
    expect(pagination(undefined, onChange)).toBe(false);
    expect(pagination(page({ total: 10, last_page: 1 }), onChange)).toBe(false);
  });

  it("should follow the server's page, size and total, without a size changer", () => {
    expect(pagination(page({ current_page: 2, total: 11, last_page: 2 }), onChange)).toEqual({
      current: 2,
      pageSize: 10,
      total: 11,
      onChange,
      showSizeChanger: false,
    });
  });
});

describe('pageAfterDelete', () => {
  it('should go back a page when the last row of a later page was deleted', () => {
    expect(pageAfterDelete(2, 1)).toBe(1);
    expect(pageAfterDelete(5, 1)).toBe(4);
  });

  it('should stay when rows are left, and on the first page', () => {
    expect(pageAfterDelete(2, 2)).toBe(2);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});
