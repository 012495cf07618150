import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../config/config.js';

/** What deciding a page's public origin needs (docs/decisions.md "One origin for every absolute address"). */
export interface OriginSettings {
  /** `PUBLIC_URL`: when set, every absolute link uses it, whatever the request says. */
  publicUrl: string | null;
  /** `ALLOWED_HOSTS`: with the mobile hosts and the loopback names, the only `Host` values trusted in links. */
  allowedHosts: readonly string[];
  /** `MOBILE_HOSTS`: trusted too, and never moved by the redirect. */
  mobileHosts: readonly string[];
  /** Proxies in front (`TRUST_PROXY`): only then are `X-Forwarded-Host` and `X-Forwarded-Proto` read. */
  trustProxy: number;
  /** The port the server listens on, for the local fallback origin. */
  port: number;
}

/** The settings of a configuration. */
export function originSettings(config: AppConfig): OriginSettings & { redirect: boolean } {
  return {
    publicUrl: config.publicUrl,
    allowedHosts: config.allowedHosts,
    trustProxy: config.trustProxy,
    port: config.port,
    redirect: config.publicUrlRedirect,
    mobileHosts: config.mobileHosts,
  };
}

/** Names every server trusts: a browser on the same machine. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

const first = (value: string | string[] | undefined): string | undefined =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() || undefined;

/** The host (with its port, lower case) the client asked for: `X-Forwarded-Host` behind a trusted proxy, else `Host`. */
export function requestHost(req: IncomingMessage, trustProxy: number): string {
  const forwarded = trustProxy > 0 ? first(req.headers['x-forwarded-host']) : undefined;
  return (forwarded ?? req.headers.host ?? '').toLowerCase();
}

/** `http` or `https` as the client sees it. */
export function requestProtocol(req: IncomingMessage, trustProxy: number): 'http' | 'https' {
  const forwarded = trustProxy > 0 ? first(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  if (forwarded === 'https' || forwarded === 'http') return forwarded;
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

const hostname = (host: string) => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!);

/**
 * Whether `host` is one the allow-list names: an entry with a port must match exactly, one without matches that
 * name on any port, and `.example.com` matches example.com and every name under it.
 */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  if (!/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/.test(host)) return false;
  const name = hostname(host);
  return allowed.some((entry) => {
    if (entry.startsWith('.')) return name === entry.slice(1) || name.endsWith(entry);
    return entry === host || entry === name;
  });
}

/**
 * The origin absolute links of a page are made with (canonical, alternates, Open Graph, sitemaps, structured data):
 * `PUBLIC_URL`; else the request's own origin when its host is allowed; else a fixed one (the first allowed host,
 * or this machine's loopback address), so a forged `Host` never reaches a link or a cached page.
 */
export function publicOrigin(req: IncomingMessage, settings: OriginSettings): string {
  if (settings.publicUrl) return settings.publicUrl;
  const protocol = requestProtocol(req, settings.trustProxy);
  const host = requestHost(req, settings.trustProxy);
  const trusted = [...LOOPBACK_HOSTS, ...settings.allowedHosts, ...settings.mobileHosts];
  if (isAllowedHost(host, trusted)) return `${protocol}://${host}`;
  const fallback = settings.allowedHosts.find((entry) => !entry.startsWith('.'));
  return fallback ? `${protocol}://${fallback}` : `http://localhost:${settings.port}`;
}

/**
 * The origins whose pages may be kept by the page cache, from the configuration alone: `PUBLIC_URL`; else, over
 * http and https, the hosts `ALLOWED_HOSTS` and `MOBILE_HOSTS` name as written (a `.example.com` entry names
 * example.com itself), the loopback names and the fallback origin. The loopback names at the port a request came
 * in on are added by the cache, which knows the port.
 */
export function cacheableOrigins(settings: OriginSettings): ReadonlySet<string> {
  if (settings.publicUrl) return new Set([settings.publicUrl]);
  const hosts = [
    ...LOOPBACK_HOSTS,
    ...settings.allowedHosts.map((entry) => (entry.startsWith('.') ? entry.slice(1) : entry)),
    ...settings.mobileHosts,
    `localhost:${settings.port}`,
  ];
  return new Set(hosts.flatMap((host) => [`http://${host}`, `https://${host}`]));
}

/**
 * With `PUBLIC_URL` and `PUBLIC_URL_REDIRECT` on: where a page asked for on another host moves (`null`: stay).
 * Only reads of pages move: the API, uploads and health checks answer on any host, and the mobile hosts, which
 * serve the mobile site at their root, stay.
 */
export function publicUrlRedirect(
  req: IncomingMessage,
  settings: OriginSettings & { redirect: boolean },
): string | null {
  if (!settings.redirect || !settings.publicUrl) return null;
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  if (/^\/(api|uploads)(\/|$)/.test(url)) return null;
  const host = requestHost(req, settings.trustProxy);
  const target = new URL(settings.publicUrl);
  if (host === target.host || settings.mobileHosts.includes(host)) return null;
  return settings.publicUrl + (url.startsWith('/') ? url : `/${url}`);
}
