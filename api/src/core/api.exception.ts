import { ResultCode } from '@site/shared-types';

/**
 * A refusal the client shows to the user: answered with HTTP 200 and `{code, msg, data: null}`.
 * Only `core/` turns it into an envelope; services throw it through the factories below.
 */
export class ApiException extends Error {
  constructor(
    readonly code: Exclude<ResultCode, typeof ResultCode.Ok>,
    message: string,
  ) {
    super(message);
    this.name = 'ApiException';
  }
}

/** Business failure (code 1): unknown id, refused action. */
export function failure(message: string): ApiException {
  return new ApiException(ResultCode.Failure, message);
}

/** Validation failure (code 2): the message names the field. */
export function invalid(message: string): ApiException {
  return new ApiException(ResultCode.Validation, message);
}

/** Not authenticated or session no longer valid (code 3). */
export function unauthenticated(message = '登录已失效，请重新登录'): ApiException {
  return new ApiException(ResultCode.Unauthenticated, message);
}
