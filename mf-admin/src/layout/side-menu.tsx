import { Layout, Menu } from 'antd';
import { selectSiteName, useAppDispatch, useAppSelector } from '@site/platform';
import { sideMenuCollapsedSet, useSideMenuCollapsed } from '../admin-slice';
import styles from './layout.module.css';
import { SCREENS } from './screens';

/**
 * The side menu. Below the md breakpoint (phones) it is a drawer over the screen, closed until asked for, with a
 * mask behind it that closes it; `onNarrow` tells the frame which of the two it is.
 */
export function SideMenu({
  narrow,
  onNarrow,
  current,
  onChoose,
}: {
  narrow: boolean;
  onNarrow: (narrow: boolean) => void;
  current: string;
  onChoose: (key: string) => void;
}) {
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const collapsed = useSideMenuCollapsed();
  return (
    <>
      <Layout.Sider
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
            items={SCREENS.map((screen) => ({ key: screen.key, label: screen.label }))}
            onClick={({ key }) => {
              if (narrow) dispatch(sideMenuCollapsedSet(true));
              if (key !== current) onChoose(key);
            }}
          />
        </nav>
      </Layout.Sider>
      {narrow && !collapsed ? (
        <div className={styles.siderMask} aria-hidden="true" onClick={() => dispatch(sideMenuCollapsedSet(true))} />
      ) : null}
    </>
  );
}
