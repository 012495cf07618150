import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { DESKTOP_ROUTES } from '@site/shared-types';
import {
  NotFound,
  selectSiteName,
  useAppDispatch,
  useAppSelector,
  usePageTitle,
  type RemoteProps,
} from '@site/platform';
import { pageViewed, usePageViews } from './desktop-slice';
import styles from './desktop.module.css';

/** Placeholder titles until the desktop pages arrive (their own issue). */
const TITLES: Record<string, string> = {
  index: '首页',
  about: '关于我们',
  items: '服务项目',
  itemnews: '新闻资讯',
  details: '案例详情',
  news: '新闻详情',
  webcase: '客户案例',
};

function Page({ name }: { name: string }) {
  const siteName = useAppSelector(selectSiteName);
  const views = usePageViews();
  usePageTitle(name === 'index' ? null : TITLES[name]);
  return (
    <main className={styles.main} data-page={name}>
      <h1>{TITLES[name]}</h1>
      <p>
        {siteName} 桌面站页面正在建设中。本次访问已浏览 <span data-testid="page-views">{views}</span> 个页面。
      </p>
    </main>
  );
}

function Layout({ children }: { children: ReactNode }) {
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(pageViewed(pathname));
  }, [dispatch, pathname]);
  return (
    <div className={styles.page} data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
      <header className={styles.header}>
        <Link className={styles.brand} to="/" data-testid="site-name">
          {siteName}
        </Link>
        <nav className={styles.nav}>
          <Link to="/">首页</Link>
          <Link to="/webcase/101.html">客户案例</Link>
          <Link to="/itemnews.html">新闻资讯</Link>
          <Link to="/about.html">关于我们</Link>
        </nav>
      </header>
      {children}
      <footer className={styles.footer}>© {siteName}</footer>
    </div>
  );
}

function Missing() {
  usePageTitle('页面不存在');
  return <NotFound homePath="/" />;
}

/** The desktop site's route tree (spec §2 "Desktop routes"), mounted by the shell under `/`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <Layout>
        <Routes>
          {DESKTOP_ROUTES.map((route) =>
            route.path === '/' ? (
              <Route key={route.path} index element={<Page name={route.name} />} />
            ) : (
              <Route key={route.path} path={route.path.slice(1)} element={<Page name={route.name} />} />
            ),
          )}
          <Route path="*" element={<Missing />} />
        </Routes>
      </Layout>
    </Provider>
  );
}

export const release = __RELEASE_LABEL__;
