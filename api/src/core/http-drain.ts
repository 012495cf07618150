import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** What a drain came to: whether every request finished in time, and how many connections were cut. */
export interface DrainOutcome {
  drained: boolean;
  cut: number;
}

/** How often idle keep-alive connections are looked for while requests finish. */
const IDLE_SWEEP_MS = 50;

/**
 * Stops an HTTP server the way a deployment wants on SIGTERM (docs/decisions.md "Fault tolerance"): it stops
 * accepting connections at once, lets the requests under way finish with their normal answers, closes keep-alive
 * connections as soon as they are idle (a request that still arrives on one is answered with
 * `Connection: close`), and resolves once no connection is left, or after `timeoutMs`, when whatever is still
 * open is cut.
 */
export function drainHttp(server: Server, timeoutMs: number): Promise<DrainOutcome> {
  // Runs before the application's listener, while the answer's headers can still say the connection ends.
  const closeAfterAnswer = (_req: IncomingMessage, res: ServerResponse) => {
    res.shouldKeepAlive = false;
  };
  server.prependListener('request', closeAfterAnswer);
  // An answer already under way keeps its connection open once it ends: close it when it is idle.
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  return new Promise<DrainOutcome>((resolve) => {
    let cut = 0;
    const timer = setTimeout(() => {
      server.getConnections((_error, open) => {
        cut = open;
        server.closeAllConnections();
      });
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      clearInterval(sweep);
      server.removeListener('request', closeAfterAnswer);
      resolve({ drained: cut === 0, cut });
    };
    if (!server.listening) {
      // Never started, or already closed: nothing to wait for.
      server.closeAllConnections();
      finish();
      return;
    }
    // Refuses new connections at once and closes the idle ones; the callback runs when the last one has closed.
    server.close(finish);
  });
}
