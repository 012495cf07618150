import { isMobileUserAgent } from './device.js';
import { counterpartPath, matchSiteRoute, queryParams } from './site-routes.js';

export interface RedirectInput {
  /** `Host` as the browser sent it (a port is ignored, case does not matter). */
  host: string;
  /** The path of the address, without query or fragment. */
  path: string;
  userAgent: string | null | undefined;
  /** Hosts that serve the mobile site (e.g. `m.example.com`); every other host is the main host. */
  mobileHosts: readonly string[];
}

export const MOBILE_HOME_PATH = '/move/';
export const DESKTOP_HOME_PATH = '/';
export const ADMIN_LOGIN_PATH = '/admin/';

export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  // IPv6 literal: "[::1]:3000" -> "[::1]"
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.replace(/:\d+$/, '').replace(/\.$/, '');
}

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function isRoot(path: string): boolean {
  const parts = segments(path);
  return parts.length === 0 || (parts.length === 1 && parts[0] === 'index.html');
}

export function isAdminPath(path: string): boolean {
  return segments(path)[0] === 'admin';
}

export function isMobilePath(path: string): boolean {
  return segments(path)[0] === 'move';
}

/**
 * Where a visitor of the mobile site goes from a desktop address: the mobile home from the root, the mobile
 * page of a desktop page that has one (`/details/54.html` → `/move/details/54.html`), else nowhere (`null`).
 */
function mobileCounterpart(path: string): string | null {
  if (isRoot(path)) return MOBILE_HOME_PATH;
  if (matchSiteRoute(path)?.route.face !== 'desktop') return null;
  return counterpartPath(path);
}

/**
 * The start-up redirect (docs/behaviour.md#redirect-rules), as a pure function of the host, the path and the
 * device (never the query: the page cache and `Vary` are worked out from the path alone). Returns the address to
 * go to, or `null` to stay; the answer may carry a query of its own (`/move/case.html?tab=3`), to which the
 * caller adds the request's (`redirectLocation`).
 *
 * - Mobile host: the root and every desktop page with a mobile counterpart go to that mobile page.
 * - Main host, admin path: stays in the back office whatever the device (`/admin` itself becomes `/admin/`).
 * - Main host, mobile device: as on a mobile host; desktop pages without a counterpart stay.
 * - Main host, desktop device, address under `move` or ending in `index.html`: `/`.
 */
export function decideStartupRedirect(input: RedirectInput): string | null {
  const host = normalizeHost(input.host);
  const mobileHosts = input.mobileHosts.map(normalizeHost).filter(Boolean);
  const { path } = input;

  if (mobileHosts.includes(host)) return mobileCounterpart(path);

  if (isAdminPath(path)) {
    return path === '/admin' ? ADMIN_LOGIN_PATH : null;
  }

  if (isMobileUserAgent(input.userAgent)) return mobileCounterpart(path);

  const parts = segments(path);
  if (parts[0] === 'move' || parts[parts.length - 1] === 'index.html') return DESKTOP_HOME_PATH;
  return null;
}

/**
 * The full address of a redirect: its target, then the request's query (`search`, with or without `?`), kept as
 * it came, except the parameters the target sets itself.
 */
export function redirectLocation(target: string, search: string): string {
  const query = search.replace(/^\?/, '');
  if (!query) return target;
  const at = target.indexOf('?');
  if (at < 0) return `${target}?${query}`;
  const own = new Set(queryParams(target.slice(at + 1)).map(([name]) => name));
  const kept = query.split('&').filter((part) => part !== '' && !own.has(queryParams(part)[0]![0]));
  return kept.length > 0 ? `${target}&${kept.join('&')}` : target;
}
