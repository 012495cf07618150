import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import {
  BACK_TO_TOP_THRESHOLD_PX,
  FADE_MS,
  matchSiteRoute,
  MOBILE_ROUTES,
  SCROLL_ANIMATION_MS,
} from '@site/shared-types';
import {
  animateScrollTo,
  publicApi,
  selectSiteName,
  useAppDispatch,
  useAppSelector,
  useScrolledPast,
  type RemoteProps,
} from '@site/platform';
import { mobileSlice, pageViewed } from './mobile-slice';
import { AboutPage } from './pages/about';
import { CasesPage, ItemsPage } from './pages/cases';
import { ContactFormPage, ContactPage } from './pages/contact';
import { CaseDetailPage, NewsDetailPage } from './pages/details';
import { HomePage, ServicesPage } from './pages/home';
import { Missing } from './pages/missing';
import { isIndexPath, routeLook, TABS } from './route-look';
import { useAnalytics, useShareRegistration } from './wechat';
import styles from './mobile.module.css';

export { prefetch } from './prefetch';

/** Handed to the browser with a server render (see the platform's `RemoteModule`). */
export const stateSlices = [mobileSlice.reducerPath];

const PAGES: Record<string, () => ReactNode> = {
  meindex: HomePage,
  fwxm: ServicesPage,
  mecase: CasesPage,
  mezhy: AboutPage,
  meabout: ContactFormPage,
  meus: ContactPage,
  menews: NewsDetailPage,
  medetails: CaseDetailPage,
  meitems: ItemsPage,
};

function TabIcon({ route }: { route: string }) {
  const paths: Record<string, string> = {
    meindex: 'M4 11l8-7 8 7v9h-5v-6H9v6H4z',
    mecase: 'M4 6h16v12H4zM8 6V4h8v2M4 11h16',
    mezhy: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8c0-4 3-6 7-6s7 2 7 6',
    meus: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z',
  };
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d={paths[route]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

function TopBar({ routeName }: { routeName: string | null }) {
  const siteName = useAppSelector(selectSiteName);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showTopControl = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX.standalone - 1);
  const nonIndex = !isIndexPath(pathname);
  return (
    <header className={styles.header}>
      {nonIndex ? (
        <button
          type="button"
          className={styles.back}
          aria-label="返回"
          data-testid="back"
          onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/move/index.html'))}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
      <Link to="/move/index.html" className={styles.title} data-testid="site-name" data-route={routeName ?? ''}>
        {siteName}
      </Link>
      <button
        type="button"
        className={`${styles.topControl} ${showTopControl ? '' : styles.hiddenControl}`}
        aria-label="回到页面顶部"
        aria-hidden={!showTopControl || undefined}
        tabIndex={showTopControl ? undefined : -1}
        data-testid="top-control"
        onClick={() => void animateScrollTo(0, SCROLL_ANIMATION_MS)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M5 5h14M12 9v11M7 14l5-5 5 5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </header>
  );
}

/** Back-to-top: fades in after 200 px of scroll and out below it (1000 ms), scrolls up over 800 ms. */
function BackToTop() {
  const shown = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX.mobile);
  return (
    <button
      type="button"
      className={`${styles.backToTop} ${shown ? styles.backToTopShown : ''}`}
      style={{ transitionDuration: `${FADE_MS.mobileBackToTop}ms` }}
      aria-label="回到顶部"
      aria-hidden={!shown || undefined}
      tabIndex={shown ? undefined : -1}
      data-testid="back-to-top"
      onClick={() => void animateScrollTo(0, SCROLL_ANIMATION_MS)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}

function Layout({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const routeName = matchSiteRoute(pathname)?.route.name ?? null;
  const look = routeLook(routeName);
  const header = publicApi.useHeaderQuery().data;
  useShareRegistration(header?.logo.url);
  useAnalytics();
  useEffect(() => {
    dispatch(pageViewed(pathname));
  }, [dispatch, pathname]);
  useEffect(() => {
    // us.html scrolls itself to the bottom; every other page starts at the top.
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
      <BackToTop />
      <nav className={styles.tabbar} aria-label="底部导航">
        {TABS.map((tab) => (
          <Link
            key={tab.route}
            to={tab.to}
            className={styles.tab}
            aria-current={routeName === tab.route ? 'page' : undefined}
          >
            <TabIcon route={tab.route} />
            <span>{tab.label}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

/** The mobile site's route tree (spec §2 "Mobile routes"), mounted by the shell under `/move`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <Layout>
        <Routes>
          {MOBILE_ROUTES.map((route) => {
            const Page = PAGES[route.name]!;
            return route.path === '/' ? (
              <Route key={route.path} index element={<Page />} />
            ) : (
              <Route key={route.path} path={route.path.slice(1)} element={<Page />} />
            );
          })}
          <Route path="*" element={<Missing />} />
        </Routes>
      </Layout>
    </Provider>
  );
}

export const release = __RELEASE_LABEL__;
