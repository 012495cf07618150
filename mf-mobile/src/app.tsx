import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { MOBILE_ROUTES } from '@site/shared-types';
import {
  NotFound,
  selectSiteName,
  useAppDispatch,
  useAppSelector,
  usePageTitle,
  type RemoteProps,
} from '@site/platform';
import { pageViewed, usePageViews } from './mobile-slice';
import styles from './mobile.module.css';

/** Placeholder titles until the mobile pages arrive (their own issue). */
const TITLES: Record<string, string> = {
  meindex: '首页',
  fwxm: '服务项目',
  mecase: '客户案例',
  mezhy: '关于我们',
  meabout: '在线留言',
  meus: '联系我们',
  menews: '新闻详情',
  medetails: '案例详情',
  meitems: '服务案例',
};

const TABS = [
  { to: '/move/index.html', label: '首页' },
  { to: '/move/case.html', label: '客户案例' },
  { to: '/move/zhy.html', label: '关于我们' },
  { to: '/move/us.html', label: '联系我们' },
];

function Page({ name }: { name: string }) {
  const siteName = useAppSelector(selectSiteName);
  const views = usePageViews();
  usePageTitle(name === 'meindex' ? null : TITLES[name]);
  return (
    <main className={styles.main} data-page={name}>
      <h1>{TITLES[name]}</h1>
      <p>
        {siteName} 移动站页面正在建设中。本次访问已浏览 <span data-testid="page-views">{views}</span> 个页面。
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

function Missing() {
  usePageTitle('页面不存在');
  return <NotFound homePath="/move/" />;
}

/** The mobile site's route tree (spec §2 "Mobile routes"), mounted by the shell under `/move`. */
export default function App({ store }: RemoteProps) {
  return (
    <Provider store={store}>
      <Layout>
        <Routes>
          {MOBILE_ROUTES.map((route) =>
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
