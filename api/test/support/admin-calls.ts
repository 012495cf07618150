import type { AdminPath } from '@site/shared-types';

/**
 * Every back-office call that needs the `token` header. A new admin route goes into `AdminApi` (shared-types)
 * and here; the check below fails until it does (the guard is global, so it is refused without a token anyway).
 */
export const ADMIN_CALLS = [
  '/api/quit',
  '/api/modification',
  '/api/menu',
  '/api/getmenu',
  '/api/amendmenu',
  '/api/deletemenu',
  '/api/case',
  '/api/getcase',
  '/api/amendcase',
  '/api/deletecase',
  '/api/preview',
  '/api/news',
  '/api/getnews',
  '/api/amendnews',
  '/api/deletenews',
  '/api/KeyswordsUpdate',
  '/api/getheader',
  '/api/amendheader',
  '/api/getfooter',
  '/api/amendfooter',
  '/api/gethome',
  '/api/amendhome',
  '/api/getabout',
  '/api/amendabout',
  '/api/getrelation',
  '/api/amendrelation',
  '/api/leavewords',
  '/api/unreadleavewords',
  '/api/readleaveword',
  '/api/exportleavewords',
  '/api/notifysettings',
  '/api/savenotifysettings',
  '/api/testnotify',
  '/api/retrynotify',
  '/api/deleteleaveword',
  '/api/uploader',
  '/api/baidupush',
  '/api/baidupushurl',
  '/api/baidupushretry',
  '/api/trash',
  '/api/restoretrash',
  '/api/purgetrash',
  '/api/emptytrash',
  '/api/revisions',
  '/api/getrevision',
  '/api/restorerevision',
  '/api/medialist',
  '/api/deletemedia',
  '/api/releases',
  '/api/activaterelease',
  '/api/canaryrelease',
  '/api/promoterelease',
  '/api/rollbackrelease',
  '/api/vitals',
] as const satisfies readonly AdminPath[];

/** The table's calls without the header: the login, the keyword records (public too), the editor upload (`?token=`). */
type HeaderlessCall = '/api/login' | '/api/keyswords' | '/api/uploaders';
type Unlisted = Exclude<AdminPath, (typeof ADMIN_CALLS)[number] | HeaderlessCall>;
// A type error here names the path of `AdminApi` that is missing above.
const _everyCallListed: [Unlisted] extends [never] ? true : Unlisted = true;
