import { isIndexPath, routeLook } from './route-look.js';

describe('routeLook', () => {
  it('should paint mezhy and meabout white with the plain margin', () => {
    expect(routeLook('mezhy')).toEqual({ background: 'white', margin: '0 0 70px' });
    expect(routeLook('meabout')).toEqual({ background: 'white', margin: '0 0 70px' });
  });

  it('should paint contact, cases and items light grey with the plain margin', () => {
    for (const name of ['meus', 'mecase', 'meitems']) {
      expect(routeLook(name)).toEqual({ background: 'grey', margin: '0 0 70px' });
    }
  });

  it('should give the other routes grey with side margins, and an unknown page too', () => {
    for (const name of ['meindex', 'fwxm', 'menews', 'medetails', null]) {
      expect(routeLook(name)).toEqual({ background: 'greyMargins', margin: '10px 10px 70px' });
    }
  });
});

describe('isIndexPath', () => {
  it('should know the mobile home addresses', () => {
    expect(isIndexPath('/move/')).toBe(true);
    expect(isIndexPath('/move/index.html')).toBe(true);
    expect(isIndexPath('/move')).toBe(true);
    expect(isIndexPath('/move/zhy.html')).toBe(false);
    expect(isIndexPath('/move/news/3.html')).toBe(false);
  });
});
