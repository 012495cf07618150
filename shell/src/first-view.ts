// Runs before the async boundary: it must not import any shared module (React, @site/platform…); the
// platform's scroll animation is a file of its own, bundled here.
import { animateScrollTo } from '@site/platform/animate-scroll';
import { SCROLL_ANIMATION_MS } from '@site/shared-types';

/**
 * What a server-rendered page does by itself as soon as it is shown, before (and whether or not) its application
 * starts (docs/decisions.md "First view on phones"): a page marked `data-first-view="scroll-to-end"` (the mobile
 * contact page) scrolls to its bottom over the scroll animation's time (`animateScrollTo`). The page's
 * code skips what the first view already did (`useAdoptedFromServer`).
 */
export function runFirstView(): void {
  if (document.getElementById('site-state') === null) return;
  if (document.querySelector('[data-first-view="scroll-to-end"]')) {
    // Its bottom moves while pictures still arrive: read on every frame.
    void animateScrollTo(() => document.documentElement.scrollHeight - window.innerHeight, SCROLL_ANIMATION_MS);
  }
}
