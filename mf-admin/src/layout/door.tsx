import { Outlet } from '@site/platform';
import { AdminTheme } from './theme';

/**
 * The frame of a back-office page open without a session other than the login (the invitation's): antd with the
 * site's theme, and nothing else. A chunk of its own, like the frame: the login page carries no antd.
 */
export function Door() {
  return (
    <AdminTheme>
      <Outlet />
    </AdminTheme>
  );
}
