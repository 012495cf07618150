import type { CSSProperties } from 'react';
import { Link } from '@site/platform';
import type { MobileRouteName } from '@site/shared-types';
import { TABS } from './route-look';
import styles from './tab-bar.module.css';

const ICONS: Partial<Record<MobileRouteName, string>> = {
  meindex: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
  mecase: 'M4 6h16v12H4zM8 6V4h8v2M4 11h16',
  mezhy: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c0-4 3-6 7-6s7 2 7 6',
  meus: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z',
};

/** One column per tab, known before the tabs are: see the stylesheet. */
const COLUMNS = { '--tabs': TABS.length } as CSSProperties;

/** The bottom bar: its tab is lit from the route name, so `/move/` and `/move/index.html` both light 首页. */
export function TabBar({ routeName }: { routeName: MobileRouteName | null }) {
  return (
    <nav className={styles.tabbar} style={COLUMNS} aria-label="底部导航">
      {TABS.map((tab) => (
        <Link
          key={tab.route}
          to={tab.to}
          className={styles.tab}
          aria-current={routeName === tab.route ? 'page' : undefined}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d={ICONS[tab.route]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
          <span>{tab.label}</span>
        </Link>
      ))}
    </nav>
  );
}
