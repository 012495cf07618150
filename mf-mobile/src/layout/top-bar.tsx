import { BACK_TO_TOP_THRESHOLD_PX, FIRST_VIEW_BACK, type MobileRouteName } from '@site/shared-types';
import { BackToTop, Link, selectSiteName, useAppSelector, useNavigate } from '@site/platform';
import { HOME_PATH } from '../common/home-path';
import styles from './top-bar.module.css';

const TOP_ICON = (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
    <path d="M5 5h14M12 9v11M7 14l5-5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The sticky top bar (docs/behaviour.md#mobile-layout): a back button on every page but the home page (the
 * non-index flag), the company name, and the standalone back-to-top control, shown from 150 px.
 */
export function TopBar({ routeName }: { routeName: MobileRouteName | null }) {
  const siteName = useAppSelector(selectSiteName);
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      {routeName !== 'meindex' ? (
        <button
          type="button"
          className={styles.back}
          aria-label="返回"
          data-testid="back"
          {...{ [FIRST_VIEW_BACK]: HOME_PATH }}
          onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate(HOME_PATH))}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
      <Link to={HOME_PATH} className={styles.title} data-testid="site-name" data-route={routeName ?? ''}>
        {siteName}
      </Link>
      <BackToTop
        // Shown from 150 px on, where the floating button waits until it is passed.
        threshold={BACK_TO_TOP_THRESHOLD_PX.standalone - 1}
        className={styles.topControl}
        shownClassName={styles.topControlShown}
        label="回到页面顶部"
        testId="top-control"
        icon={TOP_ICON}
      />
    </header>
  );
}
