import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { transportFailure } from './all-exceptions.filter.js';

/** Largest JSON or form body the API reads; larger bodies get HTTP 413. */
export const BODY_LIMIT = '1mb';

/**
 * JSON and form bodies (the spec's client posts JSON; forms keep old clients working), then a handler that
 * turns the parsers' own failures (malformed JSON, too large, bad charset) into a 4xx with the envelope.
 * It must sit right after the parsers: Nest's exception filters do not see errors from express middleware.
 */
export function bodyParsing(): Array<RequestHandler | ErrorRequestHandler> {
  const onParseError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json(transportFailure(status));
      return;
    }
    next(error);
  };
  return [
    express.json({ limit: BODY_LIMIT }),
    express.urlencoded({ extended: false, limit: BODY_LIMIT }),
    onParseError,
  ];
}
