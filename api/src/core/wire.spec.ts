import { pick } from './wire.js';

describe('pick', () => {
  it('should copy exactly the keys asked for, in their order', () => {
    const row = { b: 2, a: 1, secret: 'x' };
    const copy = pick(row, ['a', 'b']);
    expect(copy).toEqual({ a: 1, b: 2 });
    expect(Object.keys(copy)).toEqual(['a', 'b']);
  });
});
