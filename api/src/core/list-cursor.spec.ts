import { AFTER_ENTRY, listStart, pagedAfter } from './list-cursor.js';

describe('list cursors', () => {
  it('should read a small cursor as an offset and a large one as the entry a step follows', () => {
    expect(listStart(0)).toEqual({ offset: 0, after: 0 });
    expect(listStart(4)).toEqual({ offset: 4, after: 0 });
    expect(listStart(AFTER_ENTRY + 17)).toEqual({ offset: 0, after: 17 });
  });

  it('should answer the cursor after the last entry of a step, and its own cursor for an empty step', () => {
    expect(pagedAfter([{ id: 9 }, { id: 3 }], 4, 20)).toEqual({
      data: [{ id: 9 }, { id: 3 }],
      page: AFTER_ENTRY + 3,
      sum: 20,
    });
    expect(listStart(pagedAfter([{ id: 3 }], AFTER_ENTRY + 9, 20).page)).toEqual({ offset: 0, after: 3 });
    expect(pagedAfter([], AFTER_ENTRY + 3, 20)).toEqual({ data: [], page: AFTER_ENTRY + 3, sum: 20 });
    expect(pagedAfter([], 7, 7)).toEqual({ data: [], page: 7, sum: 7 });
  });

  it('should stay within the 32-bit cursor the API accepts', () => {
    expect(pagedAfter([{ id: 2 ** 30 - 1 }], 0, 1).page).toBe(2 ** 31 - 1);
  });
});
