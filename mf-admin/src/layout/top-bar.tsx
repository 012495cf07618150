import { Badge, Button, Layout, Tag } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { ROLE_NAMES, roleMay, routePath, type AccountSelf } from '@site/shared-types';
import { Link, useAppDispatch } from '@site/platform';
import { sideMenuToggled, useSideMenuCollapsed } from '../admin-slice';
import styles from './layout.module.css';
import { MENU_BUTTON_ID, SIDE_MENU_ID } from './side-menu';

/**
 * Who is signed in: the name and the role; for a contributor, how many of their items an editor sent back (a link to
 * their cases). On phones the role alone, the name in its tooltip.
 */
function Who({ account, narrow }: { account: AccountSelf; narrow: boolean }) {
  const role = ROLE_NAMES[account.role];
  const returned = roleMay(account.role, 'edit') ? 0 : account.review_count;
  return (
    <span className={styles.who} data-testid="account-who">
      {returned > 0 ? (
        <Link to={routePath('admin', 'case')} title={`${returned} 项被退回，请查看编辑意见`}>
          <Badge count={returned} size="small" offset={[6, -2]}>
            <span className={styles.returned}>已退回</span>
          </Badge>
        </Link>
      ) : null}
      {narrow ? null : <span className={styles.whoName}>{account.name || account.email}</span>}
      <Tag title={narrow ? account.name || account.email : undefined}>{role}</Tag>
    </span>
  );
}

/**
 * The top bar: the side menu's ☰ on phones, the screen's name (the page's h1), who is signed in, the site link and
 * the logout.
 */
export function TopBar({
  narrow,
  title,
  account,
  loggingOut,
  onLogout,
}: {
  narrow: boolean;
  title: string | undefined;
  account: AccountSelf | undefined;
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
        {account ? <Who account={account} narrow={narrow} /> : null}
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
