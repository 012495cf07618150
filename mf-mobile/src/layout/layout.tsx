import { useEffect, useRef, type ReactNode } from 'react';
import { BACK_TO_TOP_THRESHOLD_PX, FADE_MS, matchSiteRoute, type MobileRouteName } from '@site/shared-types';
import { BackToTop, publicApi, useAdoptedFromServer, useLocation } from '@site/platform';
import { routeLook } from './route-look';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import { useAnalytics, useShareRegistration } from './wechat';
import styles from './layout.module.css';

/**
 * Every mobile page (docs/behaviour.md#mobile-layout): the top bar, the content with its route's background and
 * margin, the floating back-to-top button (past 200 px, 1000 ms fade) and the bottom bar. Each route change
 * registers the share card and counts a page view, and starts at the top, but for us.html, which scrolls itself
 * to the bottom.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const routeName = (matchSiteRoute(pathname)?.route.name as MobileRouteName | undefined) ?? null;
  const look = routeLook(routeName);
  const header = publicApi.useHeaderQuery().data;
  useShareRegistration(header?.logo.url);
  useAnalytics();
  // A page adopted from the server is where the browser put it (its top, or where the visitor scrolled before
  // the code arrived): only a page change in the app moves it.
  const firstView = useRef(useAdoptedFromServer());
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    if (routeName !== 'meus') window.scrollTo(0, 0);
  }, [pathname, search, routeName]);
  return (
    <div
      className={`${styles.page} ${styles[look.background]}`}
      data-remote={__REMOTE_NAME__}
      data-release={__RELEASE_LABEL__}
      data-background={look.background}
    >
      <TopBar routeName={routeName} />
      <div className={styles.content} style={{ margin: look.margin }} data-testid="content">
        {children}
      </div>
      <BackToTop
        threshold={BACK_TO_TOP_THRESHOLD_PX.mobile}
        className={styles.backToTop}
        shownClassName={styles.backToTopShown}
        fadeMs={FADE_MS.mobileBackToTop}
        label="回到顶部"
        testId="back-to-top"
      />
      <TabBar routeName={routeName} />
    </div>
  );
}
