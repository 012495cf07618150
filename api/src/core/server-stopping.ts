import { isDatabaseUnavailable } from './database-errors.js';

/**
 * Whether this process has begun to shut down (main.ts sets it on SIGINT/SIGTERM, or when the start failed). Once it
 * has, the database going away is the expected end (Ctrl-C reaches the embedded PostgreSQL too), not news.
 */
let stopping = false;

/**
 * How long a database failure waits to be explained by the server's own shutdown before it is reported: Ctrl-C
 * reaches PostgreSQL and this process at once, and this process may see a connection end before its own signal.
 */
const STOP_GRACE_MS = 200;

export function serverStopping(): void {
  stopping = true;
}

export function isServerStopping(): boolean {
  return stopping;
}

/**
 * Reports a background job's failure (a sweep, a queue's run), unless it is the database going away because the
 * server is stopping: such a failure is reported only if the server is still running a moment later.
 */
export function reportUnlessStopping(error: unknown, report: () => void): void {
  if (!isDatabaseUnavailable(error)) return report();
  unlessStopping(report);
}

/**
 * Runs `then` a moment from now ({@link STOP_GRACE_MS}) unless the server is stopping by then: for what follows a
 * lost database connection, which is news only if the server's own stop does not explain it.
 */
export function unlessStopping(then: () => void): void {
  if (stopping) return;
  setTimeout(() => {
    if (!stopping) then();
  }, STOP_GRACE_MS).unref();
}
