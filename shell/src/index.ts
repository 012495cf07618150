/**
 * The host application (issue "Shell and Module Federation" builds it out): it fetches the keywords, applies
 * the start-up redirect and mounts one remote at run time. Until then this package only names the remotes and
 * which paths each one serves, the contract the server and the remotes share.
 */
import { isAdminPath, isMobilePath } from '@site/shared-types';

export const REMOTES = ['mf_desktop', 'mf_mobile', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTES)[number];

/** `/admin*` → admin, `/move/*` → mobile, everything else → desktop. */
export function remoteForPath(path: string): RemoteName {
  if (isAdminPath(path)) return 'mf_admin';
  if (isMobilePath(path)) return 'mf_mobile';
  return 'mf_desktop';
}
