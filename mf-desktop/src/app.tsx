import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { activeMenuId, DESKTOP_ROUTES, footerMenuRoute, menuRoute } from '@site/shared-types';
import { publicApi, selectSiteName, useAppDispatch, useAppSelector, type RemoteProps } from '@site/platform';
import { desktopSlice, pageViewed, usePageViews } from './desktop-slice';
import {
  AboutPage,
  CaseDetailPage,
  HomePage,
  ItemsPage,
  Missing,
  NewsDetailPage,
  NewsListPage,
  WebcasePage,
} from './pages';
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

function Header() {
  const siteName = useAppSelector(selectSiteName);
  const { pathname } = useLocation();
  const header = publicApi.useHeaderQuery().data;
  const active = activeMenuId(pathname);
  return (
    <header className={styles.header}>
      <Link className={styles.brand} to="/" data-testid="site-name">
        {header?.logo.url ? <img src={header.logo.url} alt={header.logo.alt} width={40} height={40} /> : null}
        <span>{siteName}</span>
      </Link>
      <nav className={styles.nav} aria-label="主导航">
        {(header?.programas ?? []).map((menu) => (
          <Link key={menu.id} to={menuRoute(menu.id)} aria-current={menu.id === active ? 'page' : undefined}>
            {menu.name}
          </Link>
        ))}
      </nav>
    </header>
  );
}

function Footer() {
  const siteName = useAppSelector(selectSiteName);
  const views = usePageViews();
  const footer = publicApi.useFooterQuery().data;
  return (
    <footer className={styles.footer}>
      {footer ? (
        <div className={styles.footerColumns}>
          <nav aria-label="关于我们">
            <h2>关于我们</h2>
            {footer.abouts.map((about, index) => {
              const to = index === 0 ? '/about.html' : footerMenuRoute(about.column_id);
              return to ? (
                <Link key={about.id} to={to}>
                  {about.name}
                </Link>
              ) : (
                <span key={about.id}>{about.name}</span>
              );
            })}
          </nav>
          <div>
            <h2>联系方式</h2>
            {footer.contact.map((entry) => (
              <p key={entry.id}>{entry.content}</p>
            ))}
          </div>
          <nav aria-label="友情链接">
            <h2>友情链接</h2>
            {footer.link.map((link) => (
              <a key={link.id} href={link.site} target="_blank" rel="nofollow noopener noreferrer">
                {link.name}
              </a>
            ))}
          </nav>
        </div>
      ) : null}
      <p className={styles.copyright}>
        {footer?.information.Copyright ?? `© ${siteName}`}{' '}
        {footer ? (
          <a href={footer.information.link.site} target="_blank" rel="nofollow noopener noreferrer">
            {footer.information.link.name}
          </a>
        ) : null}
        <span className={styles.views}>
          本次访问已浏览 <span data-testid="page-views">{views}</span> 个页面
        </span>
      </p>
    </footer>
  );
}

function Layout({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(pageViewed(pathname));
    window.scrollTo(0, 0);
  }, [dispatch, pathname]);
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
