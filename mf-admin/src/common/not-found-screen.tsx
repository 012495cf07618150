import { ADMIN_LOGIN_PATH } from '@site/shared-types';
import { NotFound, usePageTitle } from '@site/platform';

/** An unknown back-office path: the shared not-found page, leading back to the login. */
export function NotFoundScreen() {
  usePageTitle('页面不存在');
  return <NotFound homePath={ADMIN_LOGIN_PATH} />;
}
