import { isMobileUserAgent } from './device.js';

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
 * The start-up redirect (docs/behaviour.md#redirect-rules), as a pure function. Returns the path to go to, or `null` to
 * stay.
 *
 * - Main host, admin path: stays in the back office whatever the device (`/admin` itself becomes `/admin/`).
 * - Main host, desktop device, address under `move` or ending in `index.html`: `/`.
 * - Main host root, mobile device: `/move/`.
 * - Mobile host root: `/move/`.
 */
export function decideStartupRedirect(input: RedirectInput): string | null {
  const host = normalizeHost(input.host);
  const mobileHosts = input.mobileHosts.map(normalizeHost).filter(Boolean);
  const { path } = input;

  if (mobileHosts.includes(host)) {
    return isRoot(path) ? MOBILE_HOME_PATH : null;
  }

  if (isAdminPath(path)) {
    return path === '/admin' ? ADMIN_LOGIN_PATH : null;
  }

  if (isMobileUserAgent(input.userAgent)) {
    return isRoot(path) ? MOBILE_HOME_PATH : null;
  }

  const parts = segments(path);
  if (parts[0] === 'move' || parts[parts.length - 1] === 'index.html') return DESKTOP_HOME_PATH;
  return null;
}
