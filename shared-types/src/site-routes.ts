import { CASE_CLASSES, DEFAULT_CASEMENU, DEFAULT_WEBCASE_ID, SearchType, SERVICE_MENU_IDS } from './constants.js';
import { LEAD_SENT_PARAM } from './lead.js';

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

/**
 * The desktop routes. A route's first path in its table is the address links to it use (`routePath`); the tables
 * are written `as const`, so the compiler knows each route's paths.
 */
export const DESKTOP_ROUTES = [
  { face: 'desktop', name: 'index', path: '/' },
  { face: 'desktop', name: 'about', path: '/about.html' },
  /** Before `/items/:id`: `search.html` is not an `{id}.html` anyway, but the order makes it plain. */
  { face: 'desktop', name: 'search', path: '/items/search.html' },
  { face: 'desktop', name: 'items', path: '/items/:id' },
  { face: 'desktop', name: 'itemnews', path: '/itemnews.html' },
  { face: 'desktop', name: 'details', path: '/details/:id' },
  { face: 'desktop', name: 'news', path: '/news/:id' },
  { face: 'desktop', name: 'webcase', path: '/webcase/:id' },
] as const satisfies readonly SiteRoute<DesktopRouteName>[];

/**
 * Under `/move`. meabout and meitems are the names docs/behaviour.md#mobile-layout uses for background styling. The
 * home's links go to `/move/index.html` (docs/behaviour.md#mobile-layout), so that path comes first; `/move/` is the
 * face's root, where redirects go.
 */
export const MOBILE_ROUTES = [
  { face: 'mobile', name: 'meindex', path: '/index.html' },
  { face: 'mobile', name: 'meindex', path: '/' },
  { face: 'mobile', name: 'fwxm', path: '/fwxm' },
  { face: 'mobile', name: 'mecase', path: '/case.html' },
  { face: 'mobile', name: 'mezhy', path: '/zhy.html' },
  { face: 'mobile', name: 'meabout', path: '/about.html' },
  { face: 'mobile', name: 'meus', path: '/us.html' },
  { face: 'mobile', name: 'menews', path: '/news/:id' },
  { face: 'mobile', name: 'medetails', path: '/details/:id' },
  { face: 'mobile', name: 'meitems', path: '/items/:id' },
] as const satisfies readonly SiteRoute<MobileRouteName>[];

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
  'notify',
  'media',
  'keywords',
  'baidupush',
  'trash',
  'releases',
  'vitals',
  'accounts',
  'audit',
  'security',
] as const;
export type AdminChild = (typeof ADMIN_CHILDREN)[number];
export const ADMIN_DEFAULT_CHILD: AdminChild = 'case';
export type AdminRouteName = 'login' | 'invite' | 'shell' | AdminChild;

export type RouteName = DesktopRouteName | MobileRouteName | AdminRouteName;

/**
 * Under `/admin`: the login screen, the page that accepts an invitation (`/admin/invite?token=…`, open without a
 * session like the login) and the shell with its children.
 */
export const ADMIN_ROUTES: readonly SiteRoute<AdminRouteName>[] = [
  { face: 'admin', name: 'login', path: '/' },
  { face: 'admin', name: 'invite', path: '/invite' },
  { face: 'admin', name: 'shell', path: '/index' },
  ...ADMIN_CHILDREN.map((child) => ({ face: 'admin' as const, name: child, path: `/index/${child}` })),
];

/** A query parameter's canonical value, or `null` when the value names nothing (the parameter is dropped). */
type QueryRule = (value: string) => string | null;

/** A whole number in its plain form (`3`, not `03` or `+3`) when it is one of `allowed`. */
const oneOf =
  (allowed: readonly number[]): QueryRule =>
  (value) => {
    if (!/^\d{1,9}$/.test(value)) return null;
    const id = Number(value);
    return allowed.includes(id) ? String(id) : null;
  };

/** `sent=1`, and nothing else. */
const sentRule: QueryRule = (value) => (value === '1' ? '1' : null);

/** The search box's text as the results page reads it: trimmed, at most 50 characters, none at all is no keyword. */
const keywordRule: QueryRule = (value) => value.trim().slice(0, 50) || null;

/**
 * The query parameters a route's page depends on, each with its canonical value; any other parameter
 * (`utm_source`…) changes nothing on the page. `casemenu` is the list a case was opened from: the customer cases
 * or one of the four services.
 */
const QUERY_RULES: Partial<Record<RouteName, Readonly<Record<string, QueryRule>>>> = {
  search: { keyword: keywordRule, type: oneOf([SearchType.Cases, SearchType.News]) },
  details: { casemenu: oneOf([DEFAULT_CASEMENU, ...SERVICE_MENU_IDS]) },
  mecase: { tab: oneOf(CASE_CLASSES.map((entry) => entry.id)) },
  // The pages with the contact form: `?sent=1` once a form sent without the application has stored its lead.
  about: { [LEAD_SENT_PARAM]: sentRule },
  meabout: { [LEAD_SENT_PARAM]: sentRule },
};

/** The query parameters a route's page depends on, by route. */
export const ROUTE_QUERY: Partial<Record<RouteName, readonly string[]>> = Object.fromEntries(
  Object.entries(QUERY_RULES).map(([route, rules]) => [route, Object.keys(rules)]),
);

export const FACE_BASE: Record<SiteFace, string> = { desktop: '', mobile: '/move', admin: '/admin' };

export interface RouteMatch {
  route: SiteRoute;
  /** The numeric id of an `{id}.html` parameter. */
  id: number | null;
}

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

/** The routes of a face as its table is written (the compiler knows the public faces' names and paths). */
type FaceRoute<Face extends SiteFace> = (Face extends 'desktop'
  ? typeof DESKTOP_ROUTES
  : Face extends 'mobile'
    ? typeof MOBILE_ROUTES
    : typeof ADMIN_ROUTES)[number];

/** The routes of a face whose path has an `{id}.html` parameter. */
type IdRouteName<Face extends SiteFace> = Extract<FaceRoute<Face>, { path: `${string}:id` }>['name'];

/** What `routePath` takes after a route's name: its id when the route's path has an `{id}.html` parameter. */
export type RoutePathArgs<Face extends SiteFace, Name extends FaceRoute<Face>['name']> =
  Name extends IdRouteName<Face> ? [id: number] : [];

/**
 * The address of a page, built from the route table for links: the face's base, then the route's first path with
 * `id` as its `{id}.html` parameter (`routePath('mobile', 'medetails', 7)` is `/move/details/7.html`). The compiler
 * asks for an id exactly when the route has one. Add a query with `withQuery`.
 */
export function routePath<Face extends SiteFace, Name extends FaceRoute<Face>['name']>(
  face: Face,
  name: Name,
  ...args: RoutePathArgs<Face, Name>
): string {
  return addressOf(face, name, (args as readonly number[])[0] ?? null);
}

/** `routePath` for a name and an id known only at run time (the counterparts below). */
function addressOf(face: SiteFace, name: RouteName, id: number | null): string {
  const route = siteRoutes(face).find((entry) => entry.name === name);
  if (!route) throw new Error(`No ${face} route is named ${name}`);
  return FACE_BASE[face] + route.path.replace(':id', `${id}.html`);
}

/**
 * An address with query parameters added in the order given, each encoded (`withQuery('/move/case.html', { tab: 3 })`
 * is `/move/case.html?tab=3`); a parameter whose value is `null` or `undefined` is left out.
 */
export function withQuery(path: string, params: Readonly<Record<string, string | number | null | undefined>>): string {
  const pairs = Object.entries(params).flatMap(([name, value]): Array<[string, string]> =>
    value === null || value === undefined ? [] : [[name, String(value)]],
  );
  return path + formatQuery(pairs);
}

/**
 * The route a path belongs to, or `null` for an unknown page (not-found). Only a page's own address matches:
 * an empty or dot segment, a trailing slash or an id written with leading zeros does not (see
 * `resolvePageAddress`, which says where such an address belongs). A face's bare base (`/move`, `/admin`) is
 * its root.
 */
export function matchSiteRoute(pathname: string): RouteMatch | null {
  const found = matchLoosely(pathname);
  return found && found.path === canonicalBase(pathname) ? found.match : null;
}

/** A face's bare base names its root: `/move` is `/move/`. */
function canonicalBase(pathname: string): string {
  const base = FACE_BASE[faceOf(pathname)];
  return base !== '' && pathname === base ? `${base}/` : pathname;
}

/** The route of a path whose ids may carry leading zeros, with the route's own address for it. */
function matchLoosely(pathname: string): { match: RouteMatch; path: string } | null {
  const face = faceOf(pathname);
  const base = FACE_BASE[face];
  const rest = pathname.slice(base.length) || '/';
  if (!rest.startsWith('/')) return null;
  const parts = rest === '/' ? [] : rest.slice(1).split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  for (const route of siteRoutes(face)) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    let id: number | null = null;
    const matches = pattern.every((segment, index) => {
      const part = parts[index]!;
      if (segment !== ':id') return segment === part;
      const found = /^0*(\d{1,9})\.html$/.exec(part);
      if (!found) return false;
      id = Number(found[1]);
      return id > 0;
    });
    if (!matches) continue;
    const own = route.path.replace(':id', `${id}.html`);
    return { match: { route, id }, path: base + (own === '/' && base !== '' ? '/' : own) };
  }
  return null;
}

/** A page's address as the server serves and caches it (docs/behaviour.md "One address per page"). */
export interface PageAddress {
  match: RouteMatch;
  /** The page's own address: its path and the parameters it reads, in canonical form (the cache's key). */
  canonical: string;
  /** Where an address that names the page in another way moves (a 301), with the parameters it does not read kept; `null` when it is the page's own. */
  moved: string | null;
}

/**
 * Where a requested address belongs: a page (its own address, or another spelling of it, which moves there),
 * or nothing (`null`, not found). Trailing slashes, an id with leading zeros, a face's bare base and a read
 * parameter in another spelling (`?casemenu=03`) or naming nothing (`?casemenu=99`) move; an empty or dot segment
 * (`//about.html`, `/./about.html`, `/details//54.html`) names nothing.
 */
export function resolvePageAddress(pathname: string, search: string): PageAddress | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const found = matchLoosely(canonicalBase(trimmed));
  if (!found) return null;
  const rules = QUERY_RULES[found.match.route.name] ?? {};
  const names = Object.keys(rules);
  const kept: Array<[string, string]> = [];
  const all: Array<[string, string]> = [];
  let moved = found.path !== pathname;
  for (const [name, value] of queryParams(search)) {
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    if (!rule) {
      all.push([name, value]);
      continue;
    }
    const canonical = kept.some(([other]) => other === name) ? null : rule(value);
    if (canonical !== value) moved = true;
    if (canonical === null) continue;
    kept.push([name, canonical]);
    all.push([name, canonical]);
  }
  kept.sort(([a], [b]) => names.indexOf(a) - names.indexOf(b));
  return {
    match: found.match,
    canonical: found.path + formatQuery(kept),
    moved: moved ? found.path + formatQuery(all) : null,
  };
}

function formatQuery(pairs: ReadonlyArray<readonly [string, string]>): string {
  if (pairs.length === 0) return '';
  return `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}

/** Splits a query (with or without `?`) into its decoded parameters, in order. */
export function queryParams(search: string): [name: string, value: string][] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const at = part.indexOf('=');
      return [decodeQueryPart(at < 0 ? part : part.slice(0, at)), at < 0 ? '' : decodeQueryPart(part.slice(at + 1))];
    });
}

/** The first value of a query parameter, or `null` (like `URLSearchParams.get`). */
export function queryParam(search: string, name: string): string | null {
  return queryParams(search).find(([key]) => key === name)?.[1] ?? null;
}

function decodeQueryPart(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** A customer-case tab id (1–5), or `null`. */
function caseTab(id: number | null): number | null {
  return CASE_CLASSES.some((tab) => tab.id === id) ? id : null;
}

/**
 * The same content on the other face, by route name (docs/behaviour.md#page-titles-and-head pairs the desktop and
 * mobile pages). A customer-case tab keeps its tab: `/webcase/3.html` ↔ `/move/case.html?tab=3`.
 */
const DESKTOP_TO_MOBILE: Partial<Record<RouteName, (id: number | null) => string | null>> = {
  // The face's root, as the start-up redirect sends a phone there.
  index: () => `${FACE_BASE.mobile}/`,
  about: () => routePath('mobile', 'mezhy'),
  items: (id) => addressOf('mobile', 'meitems', id),
  details: (id) => addressOf('mobile', 'medetails', id),
  news: (id) => addressOf('mobile', 'menews', id),
  webcase: (id) =>
    id === DEFAULT_WEBCASE_ID
      ? routePath('mobile', 'mecase')
      : caseTab(id)
        ? withQuery(routePath('mobile', 'mecase'), { tab: id })
        : null,
};
const MOBILE_TO_DESKTOP: Partial<Record<RouteName, (id: number | null, search: string) => string>> = {
  meindex: () => routePath('desktop', 'index'),
  mezhy: () => routePath('desktop', 'about'),
  meitems: (id) => addressOf('desktop', 'items', id),
  medetails: (id) => addressOf('desktop', 'details', id),
  menews: (id) => addressOf('desktop', 'news', id),
  // The tab as the mobile case list reads it; without one the list shows the first tab, as 101 does.
  mecase: (_id, search) =>
    routePath('desktop', 'webcase', caseTab(Number(queryParam(search, 'tab'))) ?? DEFAULT_WEBCASE_ID),
};

/**
 * The other face's address for the same content, for the `alternate` / `canonical` links of separate mobile
 * URLs and the start-up redirect of phones; `null` when the other face has no such page (the desktop news list,
 * the search results, the mobile contact form…). `search` is the query, which only the case tabs read; the
 * answer may carry a query of its own (`/move/case.html?tab=3`).
 */
export function counterpartPath(pathname: string, search = ''): string | null {
  const match = matchSiteRoute(pathname);
  if (!match) return null;
  if (match.route.face === 'desktop') return DESKTOP_TO_MOBILE[match.route.name]?.(match.id) ?? null;
  if (match.route.face === 'mobile') return MOBILE_TO_DESKTOP[match.route.name]?.(match.id, search) ?? null;
  return null;
}
