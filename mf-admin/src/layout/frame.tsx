import { Suspense, useState } from 'react';
import { App as AntApp, Layout, Spin } from 'antd';
import { ADMIN_LOGIN_PATH, matchSiteRoute } from '@site/shared-types';
import {
  Navigate,
  notify,
  Outlet,
  selectToken,
  tokenCleared,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
} from '@site/platform';
import { adminApi } from '../admin-api';
import { unsavedChanged, useSideMenuCollapsed, useUnsaved } from '../admin-slice';
import { NotFoundScreen } from '../common/not-found-screen';
import app from '../app.module.css';
import styles from './layout.module.css';
import { SCREENS } from './screens';
import { SideMenu } from './side-menu';
import { AdminTheme } from './theme';
import { TopBar } from './top-bar';

/**
 * `/admin/index`: the back office's frame. Without a token it sends the user to the login
 * (docs/behaviour.md#admin-session), except from an address that is no screen at all: that is the not-found page,
 * as the server's 404 says.
 */
export function Frame() {
  return (
    <AdminTheme>
      <FrameBody />
    </AdminTheme>
  );
}

function FrameBody() {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { modal } = AntApp.useApp();
  const [quit, { isLoading }] = adminApi.useQuitMutation();
  const unsaved = useUnsaved();
  const [narrow, setNarrow] = useState(false);
  const collapsed = useSideMenuCollapsed();
  if (!token) return matchSiteRoute(pathname) ? <Navigate to={ADMIN_LOGIN_PATH} replace /> : <NotFoundScreen />;
  const current = pathname.split('/')[3] ?? 'case';

  /** Leaving a screen with unsaved edits asks first. */
  const leave = (go: () => void) => {
    if (!unsaved) {
      go();
      return;
    }
    modal.confirm({
      title: '当前页面有未保存的修改，确定离开吗？',
      okText: '离开',
      cancelText: '留在此页',
      onOk: () => {
        dispatch(unsavedChanged(false));
        go();
      },
    });
  };

  const logout = async () => {
    try {
      await quit().unwrap();
      // A notice of the shell's: the frame, and antd's messages with it, is gone once the login shows.
      dispatch(notify('退出成功！', 'success'));
    } catch {
      // An expired session is logged out all the same.
    }
    dispatch(tokenCleared());
    void navigate(ADMIN_LOGIN_PATH, { replace: true });
  };

  return (
    // The side menu is a child component, so antd is told there is one (it would only see it after a render).
    <Layout className={styles.shell} data-page="shell" hasSider>
      <SideMenu
        narrow={narrow}
        onNarrow={setNarrow}
        current={current}
        onChoose={(key) => leave(() => void navigate(`/admin/index/${key}`))}
      />
      {/* While the side menu is a drawer open over it, the screen takes neither focus nor clicks. */}
      <Layout inert={narrow && !collapsed}>
        <TopBar
          narrow={narrow}
          title={SCREENS.find((screen) => screen.key === current)?.label}
          loggingOut={isLoading}
          onLogout={() => leave(() => void logout())}
        />
        <Layout.Content className={styles.content}>
          {/* A screen opened for the first time is fetched here; the menu and top bar stay. */}
          <Suspense fallback={<Spin className={app.loading} aria-label="加载中" />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
