import { useState } from 'react';
import {
  ABOUT_SIDE_TAB_OFFSETS_PX,
  ABOUT_SIDE_TAB_THRESHOLD_PX,
  FADE_MS,
  SCROLL_ANIMATION_MS,
} from '@site/shared-types';
import { animateScrollTo, useScrolledPast } from '@site/platform';
import styles from './about.module.css';

/**
 * The floating side tab (docs/behaviour.md#about-page): hidden until the page is scrolled more than 200 px, fading
 * in and out over 1000 ms; each entry scrolls over 800 ms to its fixed offset and becomes the active one. Its
 * entries are the page (关于我们) and the titles of the sections they lead to, so tab and heading always agree.
 */
export default function SideTab({ labels }: { labels: string[] }) {
  const shown = useScrolledPast(ABOUT_SIDE_TAB_THRESHOLD_PX);
  const [active, setActive] = useState(0);
  return (
    <nav
      className={`${styles.sideTab} ${shown ? styles.sideTabShown : ''}`}
      style={{ transitionDuration: `${FADE_MS.aboutSideTab}ms` }}
      aria-label="页面导航"
      aria-hidden={!shown || undefined}
      data-testid="side-tab"
    >
      {labels.map((label, index) => (
        <button
          key={index}
          type="button"
          title={label}
          aria-current={index === active ? 'true' : undefined}
          tabIndex={shown ? undefined : -1}
          onClick={() => {
            setActive(index);
            void animateScrollTo(ABOUT_SIDE_TAB_OFFSETS_PX[index]!, SCROLL_ANIMATION_MS);
          }}
        >
          {label}
        </button>
      ))}
    </nav>
  );
}
