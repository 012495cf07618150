import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes, useLocation } from 'react-router-dom';
import { DESKTOP_ROUTES } from '@site/shared-types';
import { useAppDispatch, type RemoteProps } from '@site/platform';
import { desktopSlice, pageViewed } from './desktop-slice';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { AboutPage } from './pages/about';
import { CaseDetailPage, NewsDetailPage } from './pages/details';
import { HomePage } from './pages/home';
import { ItemsPage, NewsListPage, WebcasePage } from './pages/lists';
import { Missing } from './pages/loading';
import styles from './desktop.module.css';

export { prefetch } from './prefetch';

/** Handed to the browser with a server render (see the platform's `RemoteModule`). */
export const stateSlices = [desktopSlice.reducerPath];

const PAGES: Record<string, () => ReactNode> = {
  index: HomePage,
  about: AboutPage,
  items: ItemsPage,
  itemnews: NewsListPage,
  details: CaseDetailPage,
  news: NewsDetailPage,
  webcase: WebcasePage,
};

function Layout({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  useEffect(() => {
    dispatch(pageViewed(pathname));
  }, [dispatch, pathname]);
  // Spec §2: on each page update the window scrolls to the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return (
    <div className={styles.page} data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
      <Header />
      {children}
      <Footer />
    </div>
  );
}

/** The desktop site's route tree (spec §2 "Desktop routes"), mounted by the shell under `/`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <Layout>
        <Routes>
          {DESKTOP_ROUTES.map((route) => {
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
