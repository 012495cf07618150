import { useEffect, useRef } from 'react';
import { Badge, Layout, Menu } from 'antd';
import { roleMay, type AccountSelf, type AdminChild, type ReviewKind } from '@site/shared-types';
import { selectSiteName, useAppDispatch, useAppSelector } from '@site/platform';
import { adminApi } from '../admin-api';
import { sideMenuCollapsedSet, useSideMenuCollapsed } from '../admin-slice';
import styles from './layout.module.css';

/** The side menu's element, and the top bar's ☰ button that opens it on phones. */
export const SIDE_MENU_ID = 'admin-side-menu';
export const MENU_BUTTON_ID = 'admin-menu-button';

/** How often the unread count is read again (new messages come from visitors, not from this screen). */
const UNREAD_POLL_MS = 60_000;

/** 留言管理 with the number of unread messages beside it. */
function MessagesEntry({ label }: { label: string }) {
  const { data } = adminApi.useUnreadMessagesQuery(undefined, { pollingInterval: UNREAD_POLL_MS });
  const unread = data?.unread ?? 0;
  return (
    <span className={styles.menuEntry}>
      <span>{label}</span>
      {unread > 0 ? (
        <span title={`${unread} 条未读留言`} data-testid="unread-badge">
          <Badge count={unread} overflowCount={99} size="small" />
        </span>
      ) : null}
    </span>
  );
}

/** 案例管理 and 文章管理 with how many of their items wait for review (editors and above). */
function ReviewEntry({ label, kind, waiting }: { label: string; kind: ReviewKind; waiting: number }) {
  const { data } = adminApi.useReviewsQuery(waiting, { skip: waiting === 0 });
  const count = waiting === 0 ? 0 : (data?.filter((row) => row.kind === kind).length ?? 0);
  return (
    <span className={styles.menuEntry}>
      <span>{label}</span>
      {count > 0 ? (
        <span title={`${count} 项待审核`} data-testid={`review-badge-${kind}`}>
          <Badge count={count} overflowCount={99} size="small" />
        </span>
      ) : null}
    </span>
  );
}

/** An entry's label, with its count where it has one. */
function entryLabel(key: AdminChild, label: string, account: AccountSelf | undefined) {
  if (key === 'leaveword') return <MessagesEntry label={label} />;
  if ((key === 'case' || key === 'article') && account && roleMay(account.role, 'edit')) {
    return <ReviewEntry label={label} kind={key === 'case' ? 'case' : 'news'} waiting={account.review_count} />;
  }
  return label;
}

/**
 * The side menu: the screens the signed-in account's role may use (the frame gives them). Below the md breakpoint (phones) it is a drawer over the screen, closed until asked for, with a
 * backdrop behind it that dims the screen and closes it when tapped; Escape closes it too. Opening moves the focus
 * to its current entry, closing gives it back to ☰ (the frame makes the screen behind inert meanwhile). `onNarrow`
 * tells the frame which of the two it is.
 */
export function SideMenu({
  narrow,
  onNarrow,
  current,
  screens,
  account,
  onChoose,
}: {
  narrow: boolean;
  onNarrow: (narrow: boolean) => void;
  current: string;
  screens: readonly { key: AdminChild; label: string }[];
  account: AccountSelf | undefined;
  onChoose: (key: string) => void;
}) {
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const collapsed = useSideMenuCollapsed();
  const drawer = useRef<HTMLDivElement>(null);
  const open = narrow && !collapsed;
  useEffect(() => {
    if (!open) return undefined;
    const entries = drawer.current;
    (
      entries?.querySelector<HTMLElement>('.ant-menu-item-selected') ??
      entries?.querySelector<HTMLElement>('[role="menuitem"]')
    )?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(sideMenuCollapsedSet(true));
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
  }, [open, dispatch]);
  return (
    <>
      <Layout.Sider
        ref={drawer}
        id={SIDE_MENU_ID}
        className={narrow ? `${styles.sider} ${styles.siderOverlay}` : styles.sider}
        width={200}
        theme="dark"
        collapsible
        collapsed={collapsed}
        // Also called when the breakpoint is crossed: collapsed on phones, open on wider screens.
        onCollapse={(value) => dispatch(sideMenuCollapsedSet(value))}
        breakpoint="md"
        onBreakpoint={onNarrow}
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
            items={screens.map((screen) => ({
              key: screen.key,
              label: entryLabel(screen.key, screen.label, account),
            }))}
            onClick={({ key }) => {
              if (narrow) dispatch(sideMenuCollapsedSet(true));
              if (key !== current) onChoose(key);
            }}
          />
        </nav>
      </Layout.Sider>
      {open ? (
        // A pointer's way out; the keyboard's is Escape.
        <div
          className={styles.siderMask}
          aria-hidden="true"
          data-testid="side-menu-backdrop"
          onClick={() => dispatch(sideMenuCollapsedSet(true))}
        />
      ) : null}
    </>
  );
}
