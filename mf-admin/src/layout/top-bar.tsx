import { Button, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useAppDispatch } from '@site/platform';
import { sideMenuToggled, useSideMenuCollapsed } from '../admin-slice';
import styles from './layout.module.css';
import { MENU_BUTTON_ID, SIDE_MENU_ID } from './side-menu';

/** The top bar: the side menu's ☰ on phones, the screen's name (the page's h1), the site link and the logout. */
export function TopBar({
  narrow,
  title,
  loggingOut,
  onLogout,
}: {
  narrow: boolean;
  title: string | undefined;
  loggingOut: boolean;
  onLogout: () => void;
}) {
  const dispatch = useAppDispatch();
  const collapsed = useSideMenuCollapsed();
  return (
    <Layout.Header className={styles.topbar}>
      <span className={styles.topTitle}>
        {narrow ? (
          <Button
            id={MENU_BUTTON_ID}
            type="text"
            icon={<MenuOutlined />}
            aria-controls={SIDE_MENU_ID}
            aria-label={collapsed ? '打开菜单' : '关闭菜单'}
            aria-expanded={!collapsed}
            onClick={() => dispatch(sideMenuToggled())}
          />
        ) : null}
        <h1 className={styles.screenTitle}>{title}</h1>
      </span>
      <span className={styles.topActions}>
        <a href="/" target="_blank" rel="noopener noreferrer">
          查看网站
        </a>
        <Button onClick={onLogout} loading={loggingOut}>
          退出登录
        </Button>
      </span>
    </Layout.Header>
  );
}
