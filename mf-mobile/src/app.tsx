import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { MOBILE_ROUTES } from '@site/shared-types';
import { selectSiteName, useAppDispatch, useAppSelector, type RemoteProps } from '@site/platform';
import { mobileSlice, pageViewed } from './mobile-slice';
import {
  AboutPage,
  CaseDetailPage,
  CasesPage,
  ContactPage,
  HomePage,
  ItemsPage,
  Missing,
  NewsDetailPage,
  ServicesPage,
} from './pages';
import styles from './mobile.module.css';

export { prefetch } from './prefetch';

/** Handed to the browser with a server render (see the platform's `RemoteModule`). */
export const stateSlices = [mobileSlice.reducerPath];

const TABS = [
  { to: '/move/index.html', label: '首页' },
  { to: '/move/case.html', label: '客户案例' },
  { to: '/move/zhy.html', label: '关于我们' },
  { to: '/move/us.html', label: '联系我们' },
];

const PAGES: Record<string, () => ReactNode> = {
  meindex: HomePage,
  fwxm: ServicesPage,
  mecase: CasesPage,
  mezhy: AboutPage,
  meabout: () => <ContactPage name="meabout" />,
  meus: () => <ContactPage name="meus" />,
  menews: NewsDetailPage,
  medetails: CaseDetailPage,
  meitems: ItemsPage,
};

function Layout({ children }: { children: ReactNode }) {
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(pageViewed(pathname));
  }, [dispatch, pathname]);
  return (
    <div className={styles.page} data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
      <header className={styles.header} data-testid="site-name">
        {siteName}
      </header>
      {children}
      <nav className={styles.tabbar}>
        {TABS.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) => (isActive ? `${styles.tab} ${styles.active}` : styles.tab)}
          >
            {tab.label}
          </NavLink>
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
