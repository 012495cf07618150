import { MOBILE_HOME_PATH } from '@site/shared-types';
import { NotFound } from '@site/platform';
import styles from './page-states.module.css';

/** A page whose data is on its way (client navigation; a server-rendered page has it already). */
export function Loading() {
  return (
    <p className={styles.loading} aria-busy="true">
      加载中…
    </p>
  );
}

/** The not-found page inside the mobile layout (an unknown address, or an id with no item). */
export function NotFoundPage() {
  return <NotFound homePath={MOBILE_HOME_PATH} />;
}
