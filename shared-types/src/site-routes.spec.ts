import {
  ADMIN_ROUTES,
  counterpartPath,
  DESKTOP_ROUTES,
  matchSiteRoute,
  MOBILE_ROUTES,
  resolvePageAddress,
  routePath,
  type SiteFace,
  withQuery,
} from './site-routes.js';

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

describe('routePath', () => {
  it('should build every desktop address from the route table', () => {
    expect(routePath('desktop', 'index')).toBe('/');
    expect(routePath('desktop', 'about')).toBe('/about.html');
    expect(routePath('desktop', 'search')).toBe('/items/search.html');
    expect(routePath('desktop', 'items', 3)).toBe('/items/3.html');
    expect(routePath('desktop', 'itemnews')).toBe('/itemnews.html');
    expect(routePath('desktop', 'details', 12)).toBe('/details/12.html');
    expect(routePath('desktop', 'news', 7)).toBe('/news/7.html');
    expect(routePath('desktop', 'webcase', 101)).toBe('/webcase/101.html');
  });

  it('should build every mobile address under /move, the home as the address its links use', () => {
    expect(routePath('mobile', 'meindex')).toBe('/move/index.html');
    expect(routePath('mobile', 'fwxm')).toBe('/move/fwxm');
    expect(routePath('mobile', 'mecase')).toBe('/move/case.html');
    expect(routePath('mobile', 'mezhy')).toBe('/move/zhy.html');
    expect(routePath('mobile', 'meabout')).toBe('/move/about.html');
    expect(routePath('mobile', 'meus')).toBe('/move/us.html');
    expect(routePath('mobile', 'menews', 7)).toBe('/move/news/7.html');
    expect(routePath('mobile', 'medetails', 3)).toBe('/move/details/3.html');
    expect(routePath('mobile', 'meitems', 4)).toBe('/move/items/4.html');
  });

  it('should build the back office addresses under /admin', () => {
    expect(routePath('admin', 'login')).toBe('/admin/');
    expect(routePath('admin', 'shell')).toBe('/admin/index');
    expect(routePath('admin', 'leaveword')).toBe('/admin/index/leaveword');
  });

  it("should give each route an address that is the route's own page", () => {
    const anyRoutePath = routePath as (face: SiteFace, name: string, id?: number) => string;
    for (const route of [...DESKTOP_ROUTES, ...MOBILE_ROUTES, ...ADMIN_ROUTES]) {
      const address = anyRoutePath(route.face, route.name, 5);
      expect({ address, route: matchSiteRoute(address)?.route.name }).toEqual({ address, route: route.name });
      expect(resolvePageAddress(address, '')?.moved).toBeNull();
    }
  });
});

/** Compile-time checks (`tsc -b` compiles the specs); never run. */
export function _routePathTypes(): void {
  // @ts-expect-error A case's address needs its id.
  routePath('desktop', 'details');
  // @ts-expect-error The case list has no id.
  routePath('mobile', 'mecase', 3);
  // @ts-expect-error A mobile route is no desktop route.
  routePath('desktop', 'meindex');
  // @ts-expect-error A back-office screen is no mobile route.
  routePath('mobile', 'case');
}

describe('withQuery', () => {
  it('should add the parameters in order, encoded, and leave out those without a value', () => {
    expect(withQuery('/items/search.html', { keyword: '网站 建设&a=b', type: 2 })).toBe(
      '/items/search.html?keyword=%E7%BD%91%E7%AB%99%20%E5%BB%BA%E8%AE%BE%26a%3Db&type=2',
    );
    expect(withQuery('/details/3.html', { casemenu: 2 })).toBe('/details/3.html?casemenu=2');
    expect(withQuery('/move/case.html', { tab: null, from: undefined })).toBe('/move/case.html');
    expect(withQuery('/about.html', {})).toBe('/about.html');
  });
});
