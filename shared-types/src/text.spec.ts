import { truncateName } from './text.js';

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
