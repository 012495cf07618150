import { FACE_BASE, isAdminPath, isMobilePath, type RemoteName } from '@site/shared-types';

/** `/admin*` → admin, `/move/*` → mobile, everything else → desktop: exactly one remote per page. */
export function remoteForPath(path: string): RemoteName {
  if (isAdminPath(path)) return 'mf_admin';
  if (isMobilePath(path)) return 'mf_mobile';
  return 'mf_desktop';
}

export const REMOTE_BASE: Record<RemoteName, string> = {
  mf_desktop: '/',
  mf_mobile: FACE_BASE.mobile,
  mf_admin: FACE_BASE.admin,
};
