import type { ClientErrorReport, RemoteName } from '@site/shared-types';
import { releaseOf } from './registry';
import { remoteForPath } from './remote-for-path';

/** Reports one page sends at most: a page in an error loop must not flood the endpoint. */
const MAX_REPORTS = 5;
const MAX_MESSAGE = 300;
let sent = 0;

/**
 * Tells the server that the page's remote failed in this browser (docs/architecture.md "Releases"): a remote that
 * did not load, an uncaught error, a hydration mismatch. Counted per release, it is what rolls a bad canary back.
 * Sent as a beacon (it survives the page being left), at most a few per page.
 */
export function reportClientError(kind: ClientErrorReport['kind'], error: unknown, name?: RemoteName): void {
  if (sent >= MAX_REPORTS) return;
  const remote = name ?? remoteForPath(window.location.pathname);
  const release = releaseOf(remote);
  if (!release) return;
  sent++;
  const message = (error instanceof Error ? error.message : String(error ?? '')).slice(0, MAX_MESSAGE);
  const report: ClientErrorReport = { remote, release, kind, message };
  const body = JSON.stringify(report);
  try {
    if (navigator.sendBeacon?.('/api/frontend/errors', new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Not sent as a beacon: sent as a request below.
  }
  void fetch('/api/frontend/errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Uncaught errors and rejections of this site's own scripts (a cross-origin script's error arrives as an empty
 * "Script error." and is not the remote's).
 */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) => {
    if (!event.filename || !event.filename.startsWith(window.location.origin)) return;
    reportClientError('error', event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => reportClientError('error', event.reason));
}
