// No React and no other shared module: the shell's first-view script imports this file on its own
// (`@site/platform/animate-scroll`), before the application and its shared platform exist.

const easeInOut = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/**
 * Scrolls the window to `top` over `durationMs` (docs/behaviour.md#constants: 800 ms), eased; resolves when it
 * arrives. `top` may be a function, read on every frame, for a target that moves while the page still loads (its
 * bottom).
 */
export function animateScrollTo(top: number | (() => number), durationMs: number): Promise<void> {
  const target = typeof top === 'function' ? top : () => top;
  return new Promise((resolve) => {
    const start = window.scrollY;
    const began = performance.now();
    if (durationMs <= 0 || top === start) {
      window.scrollTo(0, target());
      resolve();
      return;
    }
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / durationMs);
      window.scrollTo(0, start + (target() - start) * easeInOut(progress));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
