// Runs before the async boundary: it must not import any shared module (React, @site/platform…).

const INPUTS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;
/** The latest an idle page waits after `load` (a busy main thread never reports idle). */
const IDLE_TIMEOUT_MS = 2000;

function hydrationMode(): string | undefined {
  try {
    return (JSON.parse(document.getElementById('site-config')?.textContent ?? '') as { hydration?: string }).hydration;
  } catch {
    return undefined;
  }
}

/**
 * When to start the application code. A client-rendered page (or eager hydration) starts at once; an
 * `idle` server-rendered page starts after `load` when the main thread is idle, or on the first input.
 * Links and forms work before that (they are real `<a>`/`<form>` elements); what the pages make happen on
 * their own (carousel autoplay, scroll-linked controls) starts at the latest with the idle callback.
 */
export function hydrationTrigger(): Promise<void> {
  const serverRendered = document.getElementById('site-state') !== null;
  if (!serverRendered || hydrationMode() !== 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      for (const type of INPUTS) removeEventListener(type, go, true);
      resolve();
    };
    for (const type of INPUTS) addEventListener(type, go, { capture: true, passive: true, once: true });
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS })
        : setTimeout(go, IDLE_TIMEOUT_MS / 4);
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
  });
}
