// The visitor-experience reporter: a script of its own, added at idle to a sample of page views by the first-view
// script (schedule.ts). It carries web-vitals and the route table, nothing of the application.
import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import {
  matchSiteRoute,
  VITALS_MAX,
  VITALS_NAVIGATIONS,
  type VitalsMetric,
  type VitalsNavigation,
  type VitalsReport,
} from '@site/shared-types';

const ENDPOINT = '/api/frontend/vitals';

/**
 * Watches the page's LCP, CLS, INP and first input delay and sends them once, when the page is hidden or left
 * (the last moment a browser reliably runs code), named by the page's route, never its address. A page restored
 * from the back/forward cache is a page view of its own and reports again.
 */
function reportVitals(): void {
  const match = matchSiteRoute(location.pathname);
  if (!match || match.route.face === 'admin') return;
  const page = match.route.name as VitalsReport['page'];
  let values = new Map<VitalsMetric, number>();
  let navigation: VitalsNavigation = 'navigate';
  let sent = false;

  const take = (metric: Metric) => {
    if (metric.name !== 'LCP' && metric.name !== 'CLS' && metric.name !== 'INP') return;
    values.set(metric.name, metric.value);
    const kind = metric.navigationType as VitalsNavigation;
    if (VITALS_NAVIGATIONS.includes(kind)) navigation = kind;
  };
  // Every change, not only the final value: what was seen before the page is hidden is what gets sent.
  onLCP(take, { reportAllChanges: true });
  onCLS(take, { reportAllChanges: true });
  onINP(take, { reportAllChanges: true });
  // The first input's delay (web-vitals no longer reports FID): from its buffered `first-input` entry.
  try {
    new PerformanceObserver((list) => {
      const first = list.getEntries()[0] as PerformanceEventTiming | undefined;
      if (first && !values.has('FID')) values.set('FID', Math.max(0, first.processingStart - first.startTime));
    }).observe({ type: 'first-input', buffered: true });
  } catch {
    // A browser without `first-input` entries reports the other metrics.
  }

  const send = () => {
    if (sent) return;
    const metrics = [...values]
      .filter(([name, value]) => Number.isFinite(value) && value >= 0 && value <= VITALS_MAX[name])
      .map(([name, value]) => ({
        name,
        value: name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value),
      }));
    if (metrics.length === 0) return;
    sent = true;
    const body = JSON.stringify({ page, navigation, metrics } satisfies VitalsReport);
    try {
      if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
    } catch {
      // Not sent as a beacon: sent as a request below.
    }
    void fetch(ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  };
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });
  window.addEventListener('pagehide', send);
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    values = new Map();
    navigation = 'back-forward-cache';
    sent = false;
  });
}

reportVitals();
