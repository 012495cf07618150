import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ResultCode, type FailureEnvelope } from '@site/shared-types';
import type { Request, Response } from 'express';
import { ApiException } from './api.exception.js';
import { BoundedLog } from './bounded-log.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './database-errors.js';
import { failureEnvelope, refusalEnvelope } from './envelope.js';

/** Chinese texts for the transport-level statuses the API answers itself. */
export const HTTP_MESSAGES: Record<number, string> = {
  400: '请求格式不正确',
  401: '登录已失效，请重新登录',
  403: '没有权限执行此操作',
  404: '接口不存在',
  405: '请求方法不被允许',
  413: '请求内容过大',
  415: '不支持的请求内容类型',
  429: '操作过于频繁，请稍后再试',
  500: '服务器繁忙，请稍后再试',
  503: '服务暂不可用，请稍后再试',
};

/** A 5xx envelope also names the request, so a user's report can be matched to the log line. */
function withRequestId(envelope: FailureEnvelope, status: number, req: Request): FailureEnvelope {
  return status >= 500 && req.id !== undefined ? { ...envelope, requestId: req.id } : envelope;
}

/** The envelope of a transport-level failure (real HTTP status, code 1). */
export function transportFailure(status: number): FailureEnvelope {
  const msg = HTTP_MESSAGES[status] ?? HTTP_MESSAGES[status >= 500 ? 500 : 400] ?? '请求失败';
  return failureEnvelope(ResultCode.Failure, msg);
}

/**
 * The one place failures become answers:
 * - `ApiException` (codes 1-3): HTTP 200 with the envelope, as the client expects;
 * - framework `HttpException`s (unknown path, bad body, too large...): their real status, envelope code 1;
 * - the database unreachable: HTTP 503 with Retry-After (logged at a bounded rate: every call fails alike);
 * - anything else: HTTP 500, logged with its stack, no internals in the answer.
 * Log lines carry the request id from the request's context; every 5xx envelope carries it as `requestId`.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');
  private readonly outages = new BoundedLog((line) => this.logger.error(line));

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();

    if (exception instanceof ApiException) {
      this.send(res, HttpStatus.OK, refusalEnvelope(exception));
      return;
    }

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const line = `${req.method} ${req.originalUrl} ${exception.message}`;
      if (status === 503) {
        this.outages.note('unavailable', line);
        // Every 503 means "try again later" (the health check's too), and says when.
        if (!res.headersSent) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      } else if (status >= 500) this.logger.error(line, exception.stack);
      this.send(res, status, withRequestId(transportFailure(status), status, req));
      return;
    }

    const error = exception instanceof Error ? exception : new Error(String(exception));
    if (isDatabaseUnavailable(error)) {
      this.outages.note('database', `${req.method} ${req.originalUrl} database unavailable: ${error.message}`);
      if (!res.headersSent) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      this.send(res, HttpStatus.SERVICE_UNAVAILABLE, withRequestId(transportFailure(503), 503, req));
      return;
    }
    this.logger.error(`${req.method} ${req.originalUrl} ${error.message}`, error.stack ?? error.message);
    this.send(
      res,
      HttpStatus.INTERNAL_SERVER_ERROR,
      withRequestId(
        failureEnvelope(ResultCode.Failure, `${HTTP_MESSAGES[500]}（请求编号 ${req.id ?? '-'}）`),
        HttpStatus.INTERNAL_SERVER_ERROR,
        req,
      ),
    );
  }

  private send(res: Response, status: number, body: FailureEnvelope): void {
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status).json(body);
  }
}
