/**
 * Every page route of the three faces (docs/behaviour.md#three-faces), as data: the server answers 404 for anything
 * else, and the remotes build their route tables from it. `{id}` parameters have the form `{id}.html`.
 */
export type SiteFace = 'desktop' | 'mobile' | 'admin';

/** The desktop routes; `search` is the header search's results page, an addition (docs/decisions.md). */
export type DesktopRouteName = 'index' | 'about' | 'items' | 'search' | 'itemnews' | 'details' | 'news' | 'webcase';
/** The mobile routes; `meabout` and `meitems` are also the names the mobile background styling uses. */
export type MobileRouteName =
  'meindex' | 'fwxm' | 'mecase' | 'mezhy' | 'meabout' | 'meus' | 'menews' | 'medetails' | 'meitems';

export interface SiteRoute<Name extends string = RouteName> {
  face: SiteFace;
  /** Route name, e.g. `details`, `meindex`. */
  name: Name;
  /** react-router pattern relative to the face's base (`/`, `/move`, `/admin`). */
  path: string;
}

export const DESKTOP_ROUTES: readonly SiteRoute<DesktopRouteName>[] = [
  { face: 'desktop', name: 'index', path: '/' },
  { face: 'desktop', name: 'about', path: '/about.html' },
  /** Before `/items/:id`: `search.html` is not an `{id}.html` anyway, but the order makes it plain. */
  { face: 'desktop', name: 'search', path: '/items/search.html' },
  { face: 'desktop', name: 'items', path: '/items/:id' },
  { face: 'desktop', name: 'itemnews', path: '/itemnews.html' },
  { face: 'desktop', name: 'details', path: '/details/:id' },
  { face: 'desktop', name: 'news', path: '/news/:id' },
  { face: 'desktop', name: 'webcase', path: '/webcase/:id' },
];

/** Under `/move`. meabout and meitems are the names docs/behaviour.md#mobile-layout uses for background styling. */
export const MOBILE_ROUTES: readonly SiteRoute<MobileRouteName>[] = [
  { face: 'mobile', name: 'meindex', path: '/' },
  { face: 'mobile', name: 'meindex', path: '/index.html' },
  { face: 'mobile', name: 'fwxm', path: '/fwxm' },
  { face: 'mobile', name: 'mecase', path: '/case.html' },
  { face: 'mobile', name: 'mezhy', path: '/zhy.html' },
  { face: 'mobile', name: 'meabout', path: '/about.html' },
  { face: 'mobile', name: 'meus', path: '/us.html' },
  { face: 'mobile', name: 'menews', path: '/news/:id' },
  { face: 'mobile', name: 'medetails', path: '/details/:id' },
  { face: 'mobile', name: 'meitems', path: '/items/:id' },
];

/** The back-office shell's children (docs/behaviour.md#admin-routes). */
export const ADMIN_CHILDREN = [
  'menu',
  'case',
  'article',
  'changepwd',
  'header',
  'footer',
  'index',
  'about',
  'relation',
  'leaveword',
  'keywords',
  'baidupush',
  'trash',
  'releases',
] as const;
export type AdminChild = (typeof ADMIN_CHILDREN)[number];
export const ADMIN_DEFAULT_CHILD: AdminChild = 'case';
export type AdminRouteName = 'login' | 'shell' | AdminChild;

export type RouteName = DesktopRouteName | MobileRouteName | AdminRouteName;

/** Under `/admin`: the login screen and the shell with its children. */
export const ADMIN_ROUTES: readonly SiteRoute<AdminRouteName>[] = [
  { face: 'admin', name: 'login', path: '/' },
  { face: 'admin', name: 'shell', path: '/index' },
  ...ADMIN_CHILDREN.map((child) => ({ face: 'admin' as const, name: child, path: `/index/${child}` })),
];

/** The query parameters a route's page depends on; any other one (`utm_source`…) changes nothing on the page. */
export const ROUTE_QUERY: Partial<Record<RouteName, readonly string[]>> = {
  search: ['keyword', 'type'],
  details: ['casemenu'],
  mecase: ['tab'],
};

export const FACE_BASE: Record<SiteFace, string> = { desktop: '', mobile: '/move', admin: '/admin' };

export interface RouteMatch {
  route: SiteRoute;
  /** The numeric id of an `{id}.html` parameter. */
  id: number | null;
}

const ID_PARAM = /^(\d{1,9})\.html$/;

function faceOf(path: string): SiteFace {
  const first = path.split('/').filter(Boolean)[0];
  if (first === 'admin') return 'admin';
  if (first === 'move') return 'mobile';
  return 'desktop';
}

/** The route table of one face. */
export function siteRoutes(face: SiteFace): readonly SiteRoute[] {
  return face === 'desktop' ? DESKTOP_ROUTES : face === 'mobile' ? MOBILE_ROUTES : ADMIN_ROUTES;
}

/** The route a path belongs to, or `null` for an unknown page (not-found). */
export function matchSiteRoute(pathname: string): RouteMatch | null {
  const face = faceOf(pathname);
  let rest = pathname.slice(FACE_BASE[face].length) || '/';
  if (!rest.startsWith('/')) return null;
  if (rest.length > 1 && rest.endsWith('/') && face !== 'desktop') rest = rest.slice(0, -1);
  const routes = siteRoutes(face);
  const parts = rest.split('/').filter(Boolean);
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    let id: number | null = null;
    const matches = pattern.every((segment, index) => {
      const part = parts[index]!;
      if (segment !== ':id') return segment === part;
      const found = ID_PARAM.exec(part);
      if (!found) return false;
      id = Number(found[1]);
      return id > 0;
    });
    if (matches) return { route, id };
  }
  return null;
}

/**
 * The same content on the other face, by route name (docs/behaviour.md#page-titles-and-head pairs the desktop and
 * mobile pages).
 */
const DESKTOP_TO_MOBILE: Partial<Record<RouteName, (id: number | null) => string | null>> = {
  index: () => '/move/',
  about: () => '/move/zhy.html',
  items: (id) => `/move/items/${id}.html`,
  details: (id) => `/move/details/${id}.html`,
  news: (id) => `/move/news/${id}.html`,
  webcase: () => '/move/case.html',
};
const MOBILE_TO_DESKTOP: Partial<Record<RouteName, (id: number | null) => string>> = {
  meindex: () => '/',
  mezhy: () => '/about.html',
  meitems: (id) => `/items/${id}.html`,
  medetails: (id) => `/details/${id}.html`,
  menews: (id) => `/news/${id}.html`,
  mecase: () => `/webcase/101.html`,
};

/**
 * The other face's address for the same content, for the `alternate` / `canonical` links of separate mobile
 * URLs; `null` when the other face has no such page (the desktop news list, the mobile contact form…).
 */
export function counterpartPath(pathname: string): string | null {
  const match = matchSiteRoute(pathname);
  if (!match) return null;
  const table: Partial<Record<RouteName, (id: number | null) => string | null>> =
    match.route.face === 'desktop' ? DESKTOP_TO_MOBILE : match.route.face === 'mobile' ? MOBILE_TO_DESKTOP : {};
  return table[match.route.name]?.(match.id) ?? null;
}
