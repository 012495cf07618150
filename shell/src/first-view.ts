// Runs before the async boundary: it must not import any shared module (React, @site/platform…).
import { SCROLL_ANIMATION_MS } from '@site/shared-types';

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * What a server-rendered page does by itself as soon as it is shown, before (and whether or not) its application
 * starts (docs/decisions.md "First view on phones"): a page marked `data-first-view="scroll-to-end"` (the mobile
 * contact page) scrolls to its bottom over the scroll animation's time, eased like `animateScrollTo`. The page's
 * code skips what the first view already did (`useAdoptedFromServer`).
 */
export function runFirstView(): void {
  if (document.getElementById('site-state') === null) return;
  if (document.querySelector('[data-first-view="scroll-to-end"]')) {
    requestAnimationFrame((began) => {
      const start = window.scrollY;
      const step = (now: number) => {
        const progress = Math.min(1, (now - began) / SCROLL_ANIMATION_MS);
        const end = document.documentElement.scrollHeight - window.innerHeight;
        window.scrollTo(0, start + (end - start) * easeInOut(progress));
        if (progress < 1) requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  }
}
