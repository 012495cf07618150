// Runs before the async boundary: it must not import any shared module (React, @site/platform…); the
// platform's scroll animation is a file of its own, bundled here.
import { animateScrollTo } from '@site/platform/animate-scroll';
import { FIRST_VIEW, FIRST_VIEW_BACK, FIRST_VIEW_WORK, SCROLL_ANIMATION_MS, SITE_STATE_ID } from '@site/shared-types';
import { stepPlainCarousels } from './plain-carousels';

/**
 * What a server-rendered page does by itself as soon as it is shown, before (and whether or not) its application
 * starts (docs/decisions.md "First view on phones"): its carousels step (`stepPlainCarousels`), and a page marked
 * `data-first-view="scroll-to-end"` (the mobile contact page) scrolls to its bottom over the scroll animation's time
 * (`animateScrollTo`). The page's code skips what the first view already did (`useAdoptedFromServer`).
 */
export function runFirstView(): void {
  if (document.getElementById(SITE_STATE_ID) === null) return;
  stepPlainCarousels();
  addEventListener('click', goBack);
  if (document.querySelector(`[${FIRST_VIEW.work}="${FIRST_VIEW_WORK.scrollToEnd}"]`)) {
    // Its bottom moves while pictures still arrive: read on every frame.
    void animateScrollTo(() => document.documentElement.scrollHeight - window.innerHeight, SCROLL_ANIMATION_MS);
  }
}

/**
 * A tap on a back button (`FIRST_VIEW_BACK`) before the application runs the page: back, or to the button's address
 * on a first page. Once the application has started, its own handler answers.
 */
function goBack(event: MouseEvent): void {
  if (window.__SITE_START__ !== undefined || !(event.target instanceof Element)) return;
  const button = event.target.closest(`[${FIRST_VIEW_BACK}]`);
  if (!button) return;
  if (history.length > 1) history.back();
  else location.assign(button.getAttribute(FIRST_VIEW_BACK) ?? '/');
}
