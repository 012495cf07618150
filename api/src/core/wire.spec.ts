import { paged, pick } from './wire.js';

describe('pick', () => {
  it('should copy exactly the keys asked for, in their order', () => {
    const row = { b: 2, a: 1, secret: 'x' };
    const copy = pick(row, ['a', 'b']);
    expect(copy).toEqual({ a: 1, b: 2 });
    expect(Object.keys(copy)).toEqual(['a', 'b']);
  });
});

describe('paged', () => {
  it('should answer the cursor of the next step', () => {
    expect(paged(['x', 'y'], 4, 9)).toEqual({ data: ['x', 'y'], page: 6, sum: 9 });
    expect(paged([], 9, 9)).toEqual({ data: [], page: 9, sum: 9 });
  });
});
