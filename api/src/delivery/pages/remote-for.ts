import type { RemoteName, RouteMatch } from '@site/shared-types';

/** The remote that renders a page: by its route's face, or for an unknown page by its path's prefix. */
export function remoteFor(match: RouteMatch | null, pathname: string): RemoteName {
  const face =
    match?.route.face ??
    (/^\/admin(\/|$)/.test(pathname) ? 'admin' : /^\/move(\/|$)/.test(pathname) ? 'mobile' : 'desktop');
  return face === 'admin' ? 'mf_admin' : face === 'mobile' ? 'mf_mobile' : 'mf_desktop';
}
