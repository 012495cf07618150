import { ResultCode, type Envelope, type FailureEnvelope } from '@site/shared-types';
import type { ApiException } from './api.exception.js';

// The envelopes of a handler's answer, whether it was called over HTTP (EnvelopeInterceptor, AllExceptionsFilter)
// or in this process (the public reads of the server render): one shape, made here.

/** A handler's result as the success envelope: `msg` is its `@ResponseMessage` (成功 by default). */
export function successEnvelope<T>(data: T | undefined, msg: string): Envelope<T> {
  return { code: ResultCode.Ok, msg, data: data ?? (null as T) };
}

/** The envelope of every failure: `data` is always `null`. */
export function failureEnvelope(code: FailureEnvelope['code'], msg: string): FailureEnvelope {
  return { code, msg, data: null };
}

/** A refusal (`ApiException`, codes 1-3), answered with HTTP 200. */
export function refusalEnvelope(error: ApiException): FailureEnvelope {
  return failureEnvelope(error.code, error.message);
}
