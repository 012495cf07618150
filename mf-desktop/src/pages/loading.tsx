import { NotFound, usePageTitle } from '@site/platform';
import styles from './home.module.css';

export function Loading() {
  return (
    <main className={styles.loading} aria-busy="true">
      加载中…
    </main>
  );
}

export function Missing() {
  usePageTitle('页面不存在');
  return <NotFound homePath="/" />;
}
