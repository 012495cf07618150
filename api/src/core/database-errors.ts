/** SQLSTATE classes and codes meaning "the database cannot be reached or is going away", not "the query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGES = [
  // TypeORM reports a failed connection attempt as a new error carrying only the driver's message.
  /\b(?:ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b/,
  /connection terminated/i,
  // PostgreSQL's text for 57P01/57P02, when a copy of the error kept only its message.
  /terminating connection due to (?:administrator command|crash of another server process)/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection (?:is )?(?:closed|ended)/i,
  /cannot use a pool after calling end/i,
];

/**
 * Whether an error says the database is unreachable (stopped, restarting, network gone) rather than that a
 * query failed on its own. Such failures answer 503 with Retry-After: trying again later will work.
 * TypeORM wraps the driver's error (`driverError`); pg and Node put theirs in `cause` or `errors`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, driverError, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // TypeORM gives a connection that failed back to the pool at once: the transaction's next statement finds its
  // runner released.
  if ((error as { name?: unknown }).name === 'QueryRunnerAlreadyReleasedError') return true;
  const inner = [driverError, cause, ...(Array.isArray(errors) ? errors : [])];
  return inner.some((next) => next !== error && isDatabaseUnavailable(next, depth + 1));
}

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
