import { counterpartPath, matchSiteRoute, resolvePageAddress } from './site-routes.js';

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

  it("should match only a page's own address, not another spelling of it", () => {
    for (const path of [
      '//about.html',
      '/./about.html',
      '/../about.html',
      '/details//54.html',
      '/about.html/',
      '/about.html//',
      '/details/054.html',
      '/move/case.html/',
      '/move//case.html',
      '//move/case.html',
      '/admin/index/case/',
    ]) {
      expect(matchSiteRoute(path)).toBeNull();
    }
  });
});

describe('resolvePageAddress', () => {
  const resolve = (path: string, search = '') => {
    const address = resolvePageAddress(path, search);
    return address && { name: address.match.route.name, canonical: address.canonical, moved: address.moved };
  };

  it("should leave a page's own address where it is", () => {
    expect(resolve('/about.html')).toEqual({ name: 'about', canonical: '/about.html', moved: null });
    expect(resolve('/')).toEqual({ name: 'index', canonical: '/', moved: null });
    expect(resolve('/move/')).toEqual({ name: 'meindex', canonical: '/move/', moved: null });
    expect(resolve('/move/index.html')).toEqual({ name: 'meindex', canonical: '/move/index.html', moved: null });
    expect(resolve('/details/54.html', '?casemenu=3')).toEqual({
      name: 'details',
      canonical: '/details/54.html?casemenu=3',
      moved: null,
    });
  });

  it("should move trailing slashes, ids with leading zeros and bare face bases to the page's own address", () => {
    expect(resolve('/about.html/')?.moved).toBe('/about.html');
    expect(resolve('/about.html//')?.moved).toBe('/about.html');
    expect(resolve('/details/054.html')?.moved).toBe('/details/54.html');
    expect(resolve('/details/0054.html/', '?utm_source=wx')?.moved).toBe('/details/54.html?utm_source=wx');
    expect(resolve('/move')?.moved).toBe('/move/');
    expect(resolve('/move//')?.moved).toBe('/move/');
    expect(resolve('//')?.moved).toBe('/');
    expect(resolve('/move/case.html/')?.moved).toBe('/move/case.html');
    expect(resolve('/admin/index/case/')?.moved).toBe('/admin/index/case');
  });

  it('should name nothing for empty or dot segments', () => {
    for (const path of ['//about.html', '/./about.html', '/details//54.html', '/move/./case.html']) {
      expect(resolve(path)).toBeNull();
    }
  });

  it('should key a page by the parameters it reads, in their canonical spelling, and move other spellings', () => {
    expect(resolve('/details/54.html', '?casemenu=03')).toEqual({
      name: 'details',
      canonical: '/details/54.html?casemenu=3',
      moved: '/details/54.html?casemenu=3',
    });
    // A list no case is opened from names nothing: the parameter goes, other parameters stay.
    expect(resolve('/details/54.html', '?casemenu=01&from=wx')?.moved).toBe('/details/54.html?from=wx');
    expect(resolve('/details/54.html', '?casemenu=99')?.canonical).toBe('/details/54.html');
    expect(resolve('/details/54.html', '?casemenu=3&casemenu=4')?.moved).toBe('/details/54.html?casemenu=3');
    // Parameters the page does not read are not part of its address, and do not move it.
    expect(resolve('/about.html', '?utm_source=wx&casemenu=3')).toEqual({
      name: 'about',
      canonical: '/about.html',
      moved: null,
    });
    expect(resolve('/move/case.html', '?tab=02')?.moved).toBe('/move/case.html?tab=2');
    expect(resolve('/move/case.html', '?tab=9')?.moved).toBe('/move/case.html');
    expect(resolve('/items/search.html', '?type=2&keyword=%20网站%20')).toEqual({
      name: 'search',
      canonical: '/items/search.html?keyword=%E7%BD%91%E7%AB%99&type=2',
      moved: '/items/search.html?type=2&keyword=%E7%BD%91%E7%AB%99',
    });
    expect(resolve('/items/search.html', '?keyword=a+b&type=1')?.canonical).toBe(
      '/items/search.html?keyword=a%20b&type=1',
    );
    expect(resolve('/items/search.html', '?keyword=%E0%A4%A')?.canonical).toBe(
      '/items/search.html?keyword=%25E0%25A4%25A',
    );
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
