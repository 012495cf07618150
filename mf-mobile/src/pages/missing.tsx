import { NotFound, usePageTitle } from '@site/platform';
import styles from './pages.module.css';

export function Missing() {
  usePageTitle('页面不存在');
  return <NotFound homePath="/move/" />;
}

export function Loading() {
  return (
    <p className={styles.loading} aria-busy="true">
      加载中…
    </p>
  );
}
