import type { NextFunction, Request, Response } from 'express';
import { requestIdOf, runInRequest } from './request-context.js';

declare module 'express-serve-static-core' {
  interface Request {
    id?: string;
  }
}

/**
 * `req.id`: the id the raw request listener gave the request (`app.setup.ts`), or one given here when Express
 * runs on its own; echoed in `X-Request-Id`, carried by every log line of the request and by 5xx envelopes.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  req.id = requestIdOf(req);
  res.setHeader('X-Request-Id', req.id);
  runInRequest(req, next);
}

/** Re-enters the request's async context (after code that continues from stream events, such as body parsers). */
export function withinRequest(req: Request, _res: Response, next: NextFunction): void {
  runInRequest(req, next);
}
