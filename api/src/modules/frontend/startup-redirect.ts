import { decideStartupRedirect } from '@site/shared-types';
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
  const query = req.originalUrl.indexOf('?');
  return query >= 0 ? target + req.originalUrl.slice(query) : target;
}
