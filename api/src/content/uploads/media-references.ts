import { isStoredUpload } from '@site/shared-types';
import type { AppConfig } from '../../config/config.js';
import { failure } from '../../core/api.exception.js';
import { isAllowedHost, LOOPBACK_HOSTS } from '../../core/public-origin.js';
import { missingPictures } from './media.queries.js';

/**
 * How the content names the site's pictures (docs/decisions.md "Media library"): by their address, `/uploads/…` as
 * the upload answered it. A save writes every other spelling of such an address that reaches the same picture (an
 * escape, a doubled slash, `/UPLOADS`, a trailing slash, the site's own origin or the media's public base in front)
 * as the address itself, so the content holds one address per picture and the library finds each use. The
 * database's `media_refs` reads the same spellings (migration 1764900000000), for content written otherwise.
 */

/** Where the site's own pictures can be addressed from: its hosts (over http or https), the media's public base. */
export interface PictureOrigins {
  /** Entries for `isAllowedHost`: `PUBLIC_URL`'s host, `ALLOWED_HOSTS`, `MOBILE_HOSTS` and the loopback names. */
  hosts: readonly string[];
  /** `MEDIA_PUBLIC_BASE_URL` without its trailing slash (origin in lower case), or null. */
  mediaBase: string | null;
}

export function pictureOrigins(config: AppConfig): PictureOrigins {
  const hosts = [...LOOPBACK_HOSTS, ...config.allowedHosts, ...config.mobileHosts];
  if (config.publicUrl) hosts.push(new URL(config.publicUrl).host);
  const base = config.media.publicBaseUrl ? new URL(config.media.publicBaseUrl) : null;
  return { hosts, mediaBase: base ? (base.origin + base.pathname).replace(/\/+$/, '') : null };
}

/** An address in a text: an optional origin, then a path of URL characters (escapes included), up to a query. */
const ADDRESS = /(https?:\/\/[^\s"'<>/\\?#]+)?((?:\/|%2[fF])[\w%/.~-]*)/g;

/** Decodes the escapes of what a stored name is made of (letters, digits, `.`, `-`, `/`), as the server does. */
function unescapeNameCharacters(path: string): string {
  return path.replace(/%([0-9a-fA-F]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /^[0-9A-Za-z./-]$/.test(char) ? char : escape;
  });
}

/** The stored picture's address when `path` is a spelling of it (`/uploads/…`), else null. */
function storedAddress(path: string): string | null {
  const rest = /^\/uploads\/(.*?)\/*$/i.exec(unescapeNameCharacters(path).replace(/\/{2,}/g, '/'))?.[1];
  const address = rest === undefined ? null : `/uploads/${rest}`;
  return address !== null && isStoredUpload(address) ? address : null;
}

/** `text` with every spelling of a stored picture's address of this site written as the address itself. */
export function canonicalPictureAddresses(text: string, origins: PictureOrigins): string {
  return text.replace(ADDRESS, (whole: string, origin: string | undefined, path: string) => {
    if (origin === undefined) return storedAddress(path) ?? whole;
    const lowered = origin.toLowerCase();
    if (isAllowedHost(lowered.slice(lowered.indexOf('//') + 2), origins.hosts)) return storedAddress(path) ?? whole;
    const base = origins.mediaBase;
    if (base && `${lowered}${path}`.startsWith(`${base}/`)) {
      return storedAddress(path.slice(base.length - lowered.length)) ?? whole;
    }
    return whole; // another site's picture, even if named like one of ours
  });
}

/** `fields` with the picture addresses in the named ones (texts, or arrays and objects of texts) made canonical. */
export function withCanonicalPictures<T extends object>(
  fields: T,
  names: readonly (keyof T)[],
  origins: PictureOrigins,
): T {
  const canonical = (value: unknown): unknown => {
    if (typeof value === 'string') return canonicalPictureAddresses(value, origins);
    if (Array.isArray(value)) return value.map(canonical);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, canonical(inner)]));
    }
    return value;
  };
  return { ...fields, ...Object.fromEntries(names.map((name) => [name, canonical(fields[name])])) };
}

/**
 * Runs a write of the content. The database refuses one that adds a picture the library does not hold (deleted
 * meanwhile, or never there); that refusal is answered in words, naming the pictures (`restoring`: the write puts
 * back a revision, whose pictures cannot be chosen again).
 */
export async function refusingMissingPictures<T>(write: () => Promise<T>, restoring = false): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const urls = missingPictures(error);
    if (!urls) throw error;
    const named = urls.join('、');
    throw failure(
      restoring ? `该版本的图片不存在或已删除：${named}，不能恢复` : `图片不存在或已删除：${named}，请重新选择`,
    );
  }
}
