import { useEffect, useState } from 'react';

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls the window to `top` over `durationMs` (docs/behaviour.md#constants: 800 ms), eased; resolves when it arrives.
 */
export function animateScrollTo(top: number, durationMs: number): Promise<void> {
  return new Promise((resolve) => {
    const start = window.scrollY;
    const distance = top - start;
    const began = performance.now();
    if (distance === 0 || durationMs <= 0) {
      window.scrollTo(0, top);
      resolve();
      return;
    }
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / durationMs);
      window.scrollTo(0, start + distance * easeInOut(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

/** Whether the window is scrolled more than `threshold` px (false on the server and before hydration). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
