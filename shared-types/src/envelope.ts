/**
 * Result codes carried in every answer's `code` (docs/behaviour.md#envelope-and-result-codes).
 * Transport-level failures (unknown path, a body that cannot be read or is too large, database
 * unreachable) use real HTTP statuses instead.
 */
export const ResultCode = {
  /** Success: `data` holds the answer. */
  Ok: 0,
  /** Business failure (unknown id, refused action): `msg` says why, in Chinese. */
  Failure: 1,
  /** Validation failure: `msg` names the offending field. */
  Validation: 2,
  /** Not authenticated or the session is no longer valid. */
  Unauthenticated: 3,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Every answer of the API: `{code, msg, data}`. On a non-zero code `data` is `null`. */
export interface Envelope<T> {
  code: ResultCode;
  msg: string;
  data: T;
}

export type FailureEnvelope = Envelope<null> & {
  code: Exclude<ResultCode, 0>;
  /** On a server failure (HTTP 5xx): the request's id, also in `X-Request-Id` and in the server's log line. */
  requestId?: string;
};

export function isOk<T>(envelope: Envelope<T> | FailureEnvelope): envelope is Envelope<T> & { code: 0 } {
  return envelope.code === ResultCode.Ok;
}
