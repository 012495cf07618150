import type { IncomingMessage } from 'node:http';
import { isSeoFilePath } from '@site/shared-types';

const ROUTE_LABEL = Symbol('metrics route label');

type Labelled = IncomingMessage & { [ROUTE_LABEL]?: string; route?: { path?: unknown } };

/**
 * Names what answered a request, when its path does not tell: `cache` (the published-content cache answered from
 * memory), `redirect` (the public origin's 301), `metrics`. The label must come from a small fixed set.
 */
export function labelRoute(req: IncomingMessage, label: string): void {
  (req as Labelled)[ROUTE_LABEL] = label;
}

/**
 * The route label of an answered request, from a bounded set, never the raw path: its own label, the API route
 * Nest matched (`api:/api/header`, `api:/api/case/:id`), or what the path is (`page`, `seo`, `static`, `uploads`,
 * `docs`); an API path no route matched is `api:unmatched`.
 */
export function routeOf(req: IncomingMessage, method: string, path: string): string {
  const request = req as Labelled;
  if (request[ROUTE_LABEL] !== undefined) return request[ROUTE_LABEL];
  const matched = request.route?.path;
  if (typeof matched === 'string') return `api:${matched}`;
  if (path === '/api' || path.startsWith('/api/')) return path.startsWith('/api/docs') ? 'docs' : 'api:unmatched';
  if (path.startsWith('/assets/') || path.startsWith('/remotes/')) return 'static';
  if (path.startsWith('/uploads/')) return 'uploads';
  if (method !== 'GET' && method !== 'HEAD') return 'other';
  return isSeoFilePath(path) ? 'seo' : 'page';
}
