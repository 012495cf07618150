import { useEffect, useRef, type ReactNode } from 'react';
import { island, useAdoptedFromServer, useLocation } from '@site/platform';
import { Footer } from './footer';
import styles from './layout.module.css';

/** The header with its search, as an island (docs/decisions.md "Islands"). */
const Header = island('header', () => import('./header'));

/** How long an anchor is waited for while its page loads (a link to `/about.html#message` from another page). */
const ANCHOR_WAIT_FRAMES = 180;

/**
 * Scrolls to the element with this id once it is there (the page may still be loading its data), then stops.
 * Returns the cleanup.
 */
function scrollToAnchor(id: string): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) target.scrollIntoView();
    else if (tries++ < ANCHOR_WAIT_FRAMES) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * Every desktop page: the top navigation, the page, the footer. Each page change starts at the top, but an address
 * with an anchor (`#message`) goes to it, also when it is followed again from the same page.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname, search, hash, key } = useLocation();
  const anchor = hash ? decodeURIComponent(hash.slice(1)) : '';
  // A page adopted from the server is where the browser put it (its top, its anchor, or where the visitor
  // scrolled before the code arrived): only a page change in the app moves it.
  const firstView = useRef(useAdoptedFromServer());
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return undefined;
    }
    if (anchor) return scrollToAnchor(anchor);
    window.scrollTo(0, 0);
    return undefined;
  }, [pathname, search, anchor, anchor ? key : '']);
  return (
    <div className={styles.page} data-remote={__REMOTE_NAME__} data-release={__RELEASE_LABEL__}>
      <Header />
      {children}
      <Footer />
    </div>
  );
}
