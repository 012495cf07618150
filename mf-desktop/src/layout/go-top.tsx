import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_ANIMATION_MS } from '@site/shared-types';
import { animateScrollTo, useScrolledPast } from '@site/platform';

import styles from './footer.module.css';

/** Go-to-top: shown once the page is scrolled more than 1000 px, scrolls to the top over 800 ms (spec §9). */
export function GoTop() {
  const shown = useScrolledPast(BACK_TO_TOP_THRESHOLD_PX.desktop);
  return (
    <button
      type="button"
      className={`${styles.goTop} ${shown ? styles.goTopShown : ''}`}
      aria-label="回到顶部"
      aria-hidden={!shown || undefined}
      tabIndex={shown ? undefined : -1}
      data-testid="go-top"
      onClick={() => void animateScrollTo(0, SCROLL_ANIMATION_MS)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
