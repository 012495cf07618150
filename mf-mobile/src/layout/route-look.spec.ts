import type { MobileRouteName } from '@site/shared-types';
import { routeLook } from './route-look.js';

describe('routeLook', () => {
  it('should paint mezhy and meabout white with the plain margin', () => {
    expect(routeLook('mezhy')).toEqual({ background: 'white', margin: '0 0 70px' });
    expect(routeLook('meabout')).toEqual({ background: 'white', margin: '0 0 70px' });
  });

  it('should paint contact, cases and items light grey with the plain margin', () => {
    for (const name of ['meus', 'mecase', 'meitems'] as const) {
      expect(routeLook(name)).toEqual({ background: 'grey', margin: '0 0 70px' });
    }
  });

  it('should give the other routes grey with side margins, and an unknown page too', () => {
    const others: (MobileRouteName | null)[] = ['meindex', 'fwxm', 'menews', 'medetails', null];
    for (const name of others) {
      expect(routeLook(name)).toEqual({ background: 'greyMargins', margin: '10px 10px 70px' });
    }
  });
});
