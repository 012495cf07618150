import { activeMenuId, footerMenuRoute, menuPositionRange, menuRoute, parseHtmlId } from './menu-routes.js';

describe('menuRoute', () => {
  it('should map the fixed menus', () => {
    expect(menuRoute(1)).toBe('/');
    expect(menuRoute(2)).toBe('/webcase/101.html');
    expect(menuRoute(7)).toBe('/about.html');
  });

  it('should send every other id to its items page', () => {
    expect(menuRoute(3)).toBe('/items/3.html');
    expect(menuRoute(6)).toBe('/items/6.html');
    expect(menuRoute(42)).toBe('/items/42.html');
  });
});

describe('footerMenuRoute', () => {
  it('should not handle id 1', () => {
    expect(footerMenuRoute(1)).toBeNull();
  });

  it('should behave like the menu otherwise', () => {
    expect(footerMenuRoute(2)).toBe('/webcase/101.html');
    expect(footerMenuRoute(7)).toBe('/about.html');
    expect(footerMenuRoute(4)).toBe('/items/4.html');
  });
});

describe('parseHtmlId', () => {
  it('should take the part before the dot', () => {
    expect(parseHtmlId('12.html')).toBe(12);
    expect(parseHtmlId('101.html')).toBe(101);
    expect(parseHtmlId('7')).toBe(7);
  });

  it('should refuse what is not a positive id', () => {
    expect(parseHtmlId(undefined)).toBeNull();
    expect(parseHtmlId('abc.html')).toBeNull();
    expect(parseHtmlId('0.html')).toBeNull();
    expect(parseHtmlId('-3.html')).toBeNull();
    expect(parseHtmlId('1e3.html')).toBeNull();
  });
});

describe('activeMenuId', () => {
  it('should follow the route', () => {
    expect(activeMenuId('/')).toBe(1);
    expect(activeMenuId('/about.html')).toBe(7);
    expect(activeMenuId('/webcase/101.html')).toBe(2);
    expect(activeMenuId('/items/5.html')).toBe(5);
  });

  it('should highlight nothing on other pages', () => {
    expect(activeMenuId('/news/3.html')).toBeNull();
    expect(activeMenuId('/itemnews.html')).toBeNull();
  });
});

describe('menuPositionRange', () => {
  const menus = [
    { id: 1, parent_id: null, pc: true, move: true },
    { id: 3, parent_id: null, pc: true, move: false },
    { id: 4, parent_id: null, pc: true, move: true },
    { id: 5, parent_id: null, pc: false, move: true },
    { id: 8, parent_id: 3, pc: true, move: false },
  ];

  it('should allow 2 up to the entries shown beside it, itself included', () => {
    expect(menuPositionRange(menus, { id: 3, parent: null }, 'pc')).toEqual({ min: 2, max: 3 });
    expect(menuPositionRange(menus, { id: 5, parent: null }, 'pc')).toEqual({ min: 2, max: 4 });
    expect(menuPositionRange(menus, { id: 0, parent: null }, 'move')).toEqual({ min: 2, max: 4 });
  });

  it('should count only the siblings under the same parent and never go below 2', () => {
    expect(menuPositionRange(menus, { id: 0, parent: 3 }, 'pc')).toEqual({ min: 2, max: 2 });
    expect(menuPositionRange(menus, { id: 8, parent: 3 }, 'pc')).toEqual({ min: 2, max: 2 });
    expect(menuPositionRange(menus, { id: 0, parent: 9 }, 'move')).toEqual({ min: 2, max: 2 });
  });
});
