import { useState } from 'react';
import { App as AntApp, Button, Layout, Menu } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { matchSiteRoute } from '@site/shared-types';
import { selectSiteName, selectToken, tokenCleared, useAppDispatch, useAppSelector } from '@site/platform';
import { adminApi } from '../admin-api';
import {
  sideMenuCollapsedSet,
  sideMenuToggled,
  unsavedChanged,
  useSideMenuCollapsed,
  useUnsaved,
} from '../admin-slice';
import styles from '../admin.module.css';
import { MissingScreen } from './missing';

/** The side menu: the spec's five entries first, then the editors of what the public sites show. */
export const SCREENS = [
  { key: 'menu', label: '菜单管理' },
  { key: 'case', label: '案例管理' },
  { key: 'article', label: '文章管理' },
  { key: 'changepwd', label: '修改密码' },
  { key: 'keywords', label: '关键词管理' },
  { key: 'header', label: '页头设置' },
  { key: 'footer', label: '页脚设置' },
  { key: 'index', label: '首页设置' },
  { key: 'about', label: '关于我们' },
  { key: 'relation', label: '联系方式' },
  { key: 'leaveword', label: '留言管理' },
] as const;

/**
 * `/admin/index`: the back office's frame. Without a token it sends the user to the login (spec §4), except
 * from an address that is no screen at all: that is the not-found page, as the server's 404 says.
 */
export function Shell() {
  const token = useAppSelector(selectToken);
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { message, modal } = AntApp.useApp();
  const [quit, { isLoading }] = adminApi.useQuitMutation();
  const collapsed = useSideMenuCollapsed();
  const unsaved = useUnsaved();
  // Below the md breakpoint (phones) the side menu is a drawer over the screen, closed until asked for.
  const [narrow, setNarrow] = useState(false);
  if (!token) return matchSiteRoute(pathname) ? <Navigate to="/admin/" replace /> : <MissingScreen />;
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
      void message.success('退出成功！');
    } catch {
      // An expired session is logged out all the same.
    }
    dispatch(tokenCleared());
    void navigate('/admin/', { replace: true });
  };

  return (
    <Layout className={styles.shell} data-page="shell">
      <Layout.Sider
        className={narrow ? `${styles.sider} ${styles.siderOverlay}` : styles.sider}
        width={200}
        theme="dark"
        collapsible
        collapsed={collapsed}
        // Also called when the breakpoint is crossed: collapsed on phones, open on wider screens.
        onCollapse={(value) => dispatch(sideMenuCollapsedSet(value))}
        breakpoint="md"
        onBreakpoint={setNarrow}
        collapsedWidth={narrow ? 0 : 64}
        trigger={narrow ? null : undefined}
        inert={narrow && collapsed}
      >
        <div className={styles.logo}>{siteName}</div>
        <nav aria-label="后台菜单">
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={[current]}
            items={SCREENS.map((screen) => ({ key: screen.key, label: screen.label }))}
            onClick={({ key }) => {
              if (narrow) dispatch(sideMenuCollapsedSet(true));
              if (key !== current) leave(() => void navigate(`/admin/index/${key}`));
            }}
          />
        </nav>
      </Layout.Sider>
      {narrow && !collapsed ? (
        <div className={styles.siderMask} aria-hidden="true" onClick={() => dispatch(sideMenuCollapsedSet(true))} />
      ) : null}
      <Layout>
        <Layout.Header className={styles.topbar}>
          <span className={styles.topTitle}>
            {narrow ? (
              <Button
                type="text"
                icon={<MenuOutlined />}
                aria-label={collapsed ? '打开菜单' : '关闭菜单'}
                aria-expanded={!collapsed}
                onClick={() => dispatch(sideMenuToggled())}
              />
            ) : null}
            <h1 className={styles.screenTitle}>{SCREENS.find((screen) => screen.key === current)?.label}</h1>
          </span>
          <span className={styles.topActions}>
            <a href="/" target="_blank" rel="noopener noreferrer">
              查看网站
            </a>
            <Button onClick={() => leave(() => void logout())} loading={isLoading}>
              退出登录
            </Button>
          </span>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
