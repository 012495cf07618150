import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What every log line written while handling a request can know about it. */
export interface RequestContext {
  id: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** An incoming `X-Request-Id` kept as it is: a proxy's or a load balancer's id, short and harmless in a log. */
const SANE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The incoming `X-Request-Id` when it is sane (at most 64 of `A-Z a-z 0-9 . _ -`), else `null`. */
export function sanitiseRequestId(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && SANE_ID.test(value) ? value : null;
}

type WithId = IncomingMessage & { id?: string };

/**
 * The request's id, given once at the very start of the raw request listener (before the published-content
 * cache and Express): the incoming `X-Request-Id` when sane, otherwise a new UUID. Express reads it as `req.id`.
 */
export function requestIdOf(req: IncomingMessage): string {
  const withId = req as WithId;
  withId.id ??= sanitiseRequestId(req.headers['x-request-id']) ?? randomUUID();
  return withId.id;
}

/**
 * Runs `work` with the request's id in the async context, so every logger call in its chain (services, the
 * exception filter, the server render) carries it. Stream callbacks (a body being read) leave the context:
 * Express re-enters it after the body parsers (`app.setup.ts`).
 */
export function runInRequest<T>(req: IncomingMessage, work: () => T): T {
  return storage.run({ id: requestIdOf(req) }, work);
}

/** The id of the request being handled, or `undefined` outside one (start-up, timers, the push worker). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.id;
}
