// Part of the first-view script: it must stay a few lines and import nothing (docs/decisions.md "Visitor experience").
import type { SiteStartConfig } from '../hydration';

/** The latest the reporter waits for an idle moment after `load`: INP counts only the inputs it sees. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * For the page configuration's share of page views, adds the visitor-experience reporter (`reporter.ts`, a script
 * of its own) once the page has loaded and the browser is idle: it never competes with the first view, and
 * LCP, CLS and the first input are read from the browser's buffered entries however late it comes.
 */
export function scheduleVitals(vitals: SiteStartConfig['vitals']): void {
  if (!vitals || !(Math.random() * 100 < vitals.percent) || typeof PerformanceObserver !== 'function') return;
  const add = () => {
    const script = document.createElement('script');
    script.src = vitals.script;
    script.async = true;
    document.head.append(script);
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(add, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(add, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
