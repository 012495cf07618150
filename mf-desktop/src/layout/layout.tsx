import { useEffect, type ReactNode } from 'react';
import { useLocation } from '@site/platform';
import { Footer } from './footer';
import { Header } from './header';
import styles from './layout.module.css';

/** Every desktop page: the top navigation, the page, the footer; each page change starts at the top. */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
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
