import { decideStartupRedirect, redirectLocation } from '@site/shared-types';
import type { Request } from 'express';

/**
 * Where the start-up redirect sends this request (docs/behaviour.md#redirect-rules), with its query kept, or
 * `null` when the page is served where it was asked for. The server answers it as a 302 before rendering.
 */
export function startupRedirect(req: Request, mobileHosts: string[]): string | null {
  const target = decideStartupRedirect({
    host: req.get('host') ?? '',
    path: req.path,
    userAgent: req.get('user-agent'),
    mobileHosts,
  });
  if (!target || target === req.path) return null;
  return redirectLocation(target, queryOf(req));
}

/** The query of the address a request asked for, without `?`. */
export function queryOf(req: Request): string {
  const at = req.originalUrl.indexOf('?');
  return at < 0 ? '' : req.originalUrl.slice(at + 1);
}

const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)';
const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

/**
 * The `Vary` of a page at this host and path: `User-Agent` too where phones and computers are redirected
 * differently (a cache in front must then keep them apart), only `Accept-Encoding` elsewhere. The redirect reads
 * nothing of the user agent but whether it is a phone's, so one agent of each kind tells them apart.
 */
export function pageVary(host: string, path: string, mobileHosts: string[]): string {
  const redirect = (userAgent: string) => decideStartupRedirect({ host, path, userAgent, mobileHosts });
  return redirect(MOBILE_UA) === redirect(DESKTOP_UA) ? 'Accept-Encoding' : 'Accept-Encoding, User-Agent';
}
