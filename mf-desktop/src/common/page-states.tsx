import { NotFound } from '@site/platform';
import styles from './page-states.module.css';

/** A page whose data is on its way (client navigation; a server-rendered page has it already). */
export function Loading() {
  return (
    <main className={styles.loading} aria-busy="true">
      加载中…
    </main>
  );
}

/** The not-found page inside the desktop layout (an unknown address, or an id with no item). */
export function NotFoundPage() {
  return <NotFound homePath="/" />;
}
