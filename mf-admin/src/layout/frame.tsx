import { Suspense, useEffect, useState } from 'react';
import { App as AntApp, Layout, Result, Spin } from 'antd';
import { ADMIN_LOGIN_PATH, matchSiteRoute, routePath } from '@site/shared-types';
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
import { LoadState } from '../common/load-state';
import { NotFoundScreen } from '../common/not-found-screen';
import { useAccount } from '../common/use-account';
import app from '../app.module.css';
import styles from './layout.module.css';
import { SCREENS, screensFor } from './screens';
import { SideMenu } from './side-menu';
import { AdminTheme } from './theme';
import { TopBar } from './top-bar';

/** Where an account that must set up two-step sign-in first is sent (docs/behaviour.md#two-step-sign-in). */
const SECURITY_PATH = routePath('admin', 'security');

/**
 * `/admin/index`: the back office's frame. Without a token it sends the user to the login
 * (docs/behaviour.md#admin-session), except from an address that is no screen at all: that is the not-found page,
 * as the server's 404 says. With one, it reads who is signed in (`/api/me`): the side menu lists the screens the
 * role may use, a screen it may not is not shown (its calls would be refused), and an account whose role requires
 * two-step sign-in that is not set up yet is sent to 账号安全 (docs/behaviour.md#accounts-and-roles).
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
  const { modal, message } = AntApp.useApp();
  const [quit, { isLoading }] = adminApi.useQuitMutation();
  const unsaved = useUnsaved();
  const [narrow, setNarrow] = useState(false);
  const collapsed = useSideMenuCollapsed();
  const { account, failed, refetch } = useAccount();
  const current = pathname.split('/')[3] ?? 'case';
  const screen = SCREENS.find((entry) => entry.key === current);
  const allowed = account ? screensFor(account.role, account.two_step_setup_required) : [];
  const mustSetUp = Boolean(account?.two_step_setup_required && screen && !allowed.includes(screen));
  useEffect(() => {
    if (!mustSetUp) return;
    void message.warning('你的账号需要先开启两步验证，完成后才能使用其他功能');
    void navigate(SECURITY_PATH, { replace: true });
  }, [mustSetUp, message, navigate]);
  if (!token) return matchSiteRoute(pathname) ? <Navigate to={ADMIN_LOGIN_PATH} replace /> : <NotFoundScreen />;

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

  const content = !account ? (
    failed ? (
      <LoadState failed failedText="账号信息加载失败" onReload={refetch} />
    ) : (
      <Spin className={app.loading} aria-label="加载中" />
    )
  ) : screen && !allowed.includes(screen) ? (
    mustSetUp ? null : (
      <Result status="403" title="没有权限" subTitle={`当前账号的角色不能使用「${screen.label}」。`} />
    )
  ) : (
    // A screen opened for the first time is fetched here; the menu and top bar stay.
    <Suspense fallback={<Spin className={app.loading} aria-label="加载中" />}>
      <Outlet />
    </Suspense>
  );

  return (
    // The side menu is a child component, so antd is told there is one (it would only see it after a render).
    <Layout className={styles.shell} data-page="shell" hasSider>
      <SideMenu
        narrow={narrow}
        onNarrow={setNarrow}
        current={current}
        screens={allowed}
        account={account}
        onChoose={(key) => leave(() => void navigate(`/admin/index/${key}`))}
      />
      {/* While the side menu is a drawer open over it, the screen takes neither focus nor clicks. */}
      <Layout inert={narrow && !collapsed}>
        <TopBar
          narrow={narrow}
          title={screen?.label}
          account={account}
          loggingOut={isLoading}
          onLogout={() => leave(() => void logout())}
        />
        <Layout.Content className={styles.content}>{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
