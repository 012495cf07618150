import { counterpartPath, matchSiteRoute } from './site-routes.js';

const name = (path: string) => matchSiteRoute(path)?.route.name ?? null;

describe('matchSiteRoute', () => {
  it('should match every desktop route', () => {
    expect(name('/')).toBe('index');
    expect(name('/about.html')).toBe('about');
    expect(name('/items/3.html')).toBe('items');
    expect(name('/itemnews.html')).toBe('itemnews');
    expect(name('/details/12.html')).toBe('details');
    expect(name('/news/7.html')).toBe('news');
    expect(name('/webcase/101.html')).toBe('webcase');
    expect(matchSiteRoute('/items/search.html')).toEqual({
      route: expect.objectContaining({ name: 'search' }),
      id: null,
    });
    expect(matchSiteRoute('/details/12.html')?.id).toBe(12);
  });

  it('should match every mobile route under /move', () => {
    expect(name('/move')).toBe('meindex');
    expect(name('/move/')).toBe('meindex');
    expect(name('/move/index.html')).toBe('meindex');
    expect(name('/move/fwxm')).toBe('fwxm');
    expect(name('/move/case.html')).toBe('mecase');
    expect(name('/move/zhy.html')).toBe('mezhy');
    expect(name('/move/about.html')).toBe('meabout');
    expect(name('/move/us.html')).toBe('meus');
    expect(name('/move/news/3.html')).toBe('menews');
    expect(name('/move/details/3.html')).toBe('medetails');
    expect(name('/move/items/4.html')).toBe('meitems');
  });

  it('should match the admin login, shell and children', () => {
    expect(name('/admin')).toBe('login');
    expect(name('/admin/')).toBe('login');
    expect(name('/admin/index')).toBe('shell');
    expect(name('/admin/index/case')).toBe('case');
    expect(name('/admin/index/leaveword')).toBe('leaveword');
  });

  it('should not match unknown pages', () => {
    for (const path of [
      '/nope',
      '/details/abc.html',
      '/details/12',
      '/details/0.html',
      '/items/',
      '/move/nope',
      '/admin/index/nope',
      '/about.html/x',
      '/news/1.html/2',
    ]) {
      expect(matchSiteRoute(path)).toBeNull();
    }
  });
});

describe('counterpartPath', () => {
  it('should pair desktop pages with their mobile pages and back', () => {
    expect(counterpartPath('/')).toBe('/move/');
    expect(counterpartPath('/about.html')).toBe('/move/zhy.html');
    expect(counterpartPath('/details/12.html')).toBe('/move/details/12.html');
    expect(counterpartPath('/news/7.html')).toBe('/move/news/7.html');
    expect(counterpartPath('/items/4.html')).toBe('/move/items/4.html');
    expect(counterpartPath('/webcase/101.html')).toBe('/move/case.html');
    expect(counterpartPath('/webcase/3.html')).toBe('/move/case.html?tab=3');
    expect(counterpartPath('/move/index.html')).toBe('/');
    expect(counterpartPath('/move/zhy.html')).toBe('/about.html');
    expect(counterpartPath('/move/details/12.html')).toBe('/details/12.html');
    expect(counterpartPath('/move/case.html')).toBe('/webcase/101.html');
    expect(counterpartPath('/move/case.html', '?tab=3')).toBe('/webcase/3.html');
    expect(counterpartPath('/move/case.html', 'tab=9&from=x')).toBe('/webcase/101.html');
  });

  it('should have no counterpart for pages one face lacks, unknown pages and the back office', () => {
    expect(counterpartPath('/itemnews.html')).toBeNull();
    expect(counterpartPath('/webcase/102.html')).toBeNull();
    expect(counterpartPath('/items/search.html')).toBeNull();
    expect(counterpartPath('/move/about.html')).toBeNull();
    expect(counterpartPath('/move/fwxm')).toBeNull();
    expect(counterpartPath('/nope.html')).toBeNull();
    expect(counterpartPath('/admin/index/case')).toBeNull();
  });
});
