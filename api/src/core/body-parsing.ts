import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Logger } from '@nestjs/common';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { transportFailure } from './all-exceptions.filter.js';
import { BoundedLog } from './bounded-log.js';
import { requestIdOf, runInRequest } from './request-context.js';

/** Largest JSON or form body an administrator's call may send (rich text); larger bodies get HTTP 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Largest body of a call without a `token` header: the public calls send a few short fields. */
export const ANONYMOUS_BODY_LIMIT_BYTES = 16 * 1024;
/** Largest body of a browser's beacon (a page view's visitor-experience figures): a few short fields. */
export const BEACON_BODY_LIMIT_BYTES = 4 * 1024;
/** Deepest nesting of objects and arrays a JSON body may have (the deepest real call has 4 levels). */
export const MAX_BODY_DEPTH = 32;

/**
 * After a refusal, the rest of the body is read and dropped, at most this much and for this long (and this long
 * without a byte), before the connection is closed: nginx's lingering close, so that the client reads the answer.
 */
const LINGER_MAX_BYTES = 64 * 1024 * 1024;
const LINGER_MAX_MS = 30_000;
const LINGER_IDLE_MS = 5_000;

/** Media types the API reads a body of; multipart is read by the upload calls themselves. */
const READABLE_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Follows the nesting of a JSON text chunk by chunk, so that a body nested too deep is refused as soon as the
 * bracket that goes too deep arrives: neither the rest of the body nor `JSON.parse` is ever paid for. Bytes are
 * enough: a multi-byte UTF-8 sequence never contains an ASCII byte.
 */
export class JsonDepthScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth: number) {}

  /** False once the text has gone deeper than `maxDepth`. */
  push(chunk: Uint8Array): boolean {
    for (const byte of chunk) {
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === 0x5c) this.escaped = true;
        else if (byte === 0x22) this.inString = false;
      } else if (byte === 0x22) {
        this.inString = true;
      } else if (byte === 0x7b || byte === 0x5b) {
        if (++this.depth > this.maxDepth) return false;
      } else if (byte === 0x7d || byte === 0x5d) {
        this.depth--;
      }
    }
    return true;
  }
}

type Refuse = (status: 400 | 413 | 415, reason: string) => void;

/** A JSON body as read: the value, or why it is refused. */
export type JsonRead = { ok: true; value: unknown } | { ok: false; status: 400 | 413 | 415; reason: string };

/**
 * Reads a JSON body of at most `limit` bytes. A refusal (too large, too deep, not UTF-8, not JSON) is known as
 * soon as the offending byte arrives; the rest of the body is then not read.
 */
export function readJson(req: IncomingMessage, limit: number): Promise<JsonRead> {
  const refused = (status: 400 | 413 | 415, reason: string): JsonRead => ({ ok: false, status, reason });
  const type = req.headers['content-type'] ?? '';
  const charset = /charset=["']?([\w-]+)/i.exec(type)?.[1]?.toLowerCase();
  if (
    (charset && charset !== 'utf-8' && charset !== 'utf8') ||
    (req.headers['content-encoding'] ?? 'identity') !== 'identity'
  ) {
    return Promise.resolve(refused(415, 'not plain UTF-8'));
  }
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.resolve(refused(413, 'too large'));

  return new Promise((resolve, reject) => {
    const scanner = new JsonDepthScanner(MAX_BODY_DEPTH);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (read: JsonRead) => {
      done = true;
      req.removeAllListeners('data');
      resolve(read);
    };
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) return finish(refused(413, 'too large'));
      if (!scanner.push(chunk)) return finish(refused(400, 'nested too deep'));
      chunks.push(chunk);
    });
    req.on('error', (error) => {
      if (done) return;
      done = true;
      reject(error);
    });
    req.on('end', () => {
      if (done) return;
      const body = Buffer.concat(chunks);
      if (!isUtf8(body)) return finish(refused(400, 'not UTF-8'));
      const text = body.toString('utf8').trim();
      if (text === '') return finish({ ok: true, value: {} });
      // Like body-parser's strict mode: a JSON body is an object or an array.
      if (text[0] !== '{' && text[0] !== '[') return finish(refused(400, 'not a JSON object'));
      try {
        finish({ ok: true, value: JSON.parse(text) });
      } catch {
        finish(refused(400, 'malformed JSON'));
      }
    });
  });
}

/** Marks a request whose body was read before Express saw it (the cache's fast path): the parsers skip it. */
export const BODY_READ = Symbol('body-read');

/**
 * Reads a JSON body into `req.body`. Refusals are answered at once and the connection is closed, so the rest
 * of a hostile body is never read.
 */
function jsonBody(limit: number, refuse: (req: Request, res: Response) => Refuse): RequestHandler {
  return (req, res, next) => {
    if ((req as Request & { [BODY_READ]?: boolean })[BODY_READ] || !req.is('application/json')) return next();
    readJson(req, limit).then((read) => {
      if (!read.ok) return refuse(req, res)(read.status, read.reason);
      req.body = read.value;
      next();
    }, next);
  };
}

const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * JSON and form bodies (the client posts JSON; forms keep old clients working), with their refusals answered
 * as a 4xx with the envelope. A body of any other type is refused with 415 rather than ignored (it would
 * otherwise reach a write as an empty object). A request without a `token` header may send 16 KB; an
 * administrator's call 1 MB; a beacon (`beaconPaths`) 4 KB. Refusals are logged at a bounded rate. The form parser's own failures are turned
 * into the envelope by the handler that must sit right after it: Nest's exception filters do not see errors
 * from express middleware.
 */
const refusals = new BoundedLog((line) => new Logger('Requests').warn(line));

/**
 * Closes the connection of a request whose body was refused once its answer is out, without losing the answer. Node
 * ends a `Connection: close` answer by destroying the socket as soon as the answer is written; the part of the body
 * still on its way then makes the kernel reset the connection, and a client still sending (most send the whole body
 * before reading) often gets the reset instead of the answer: 8 MiB bodies lost their 413 in a quarter of the tries.
 * Here the answer is followed by the end of our side of the connection, then the rest of the body is read and
 * dropped until the client closes its side, up to `LINGER_MAX_BYTES` or `LINGER_MAX_MS` (`LINGER_IDLE_MS` without
 * a byte), and only then is the connection closed.
 */
export function closeGracefully(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (!socket || socket.destroyed) return;
  socket.destroySoon = () => {
    socket.end();
    let dropped = 0;
    const close = () => {
      clearTimeout(deadline);
      socket.destroy();
    };
    const deadline = setTimeout(close, LINGER_MAX_MS);
    deadline.unref();
    socket.setTimeout(LINGER_IDLE_MS, close);
    socket.on('data', (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_MAX_BYTES) close();
    });
    socket.once('end', close);
    socket.once('close', () => clearTimeout(deadline));
    req.resume();
    socket.resume();
  };
}

/**
 * Answers a refused body: the status with the envelope, and the connection closed once the answer is out (the rest
 * of the body is not parsed, only dropped: {@link closeGracefully}). Logged at most once per 10 s per kind.
 */
export function refuseBody(req: IncomingMessage, res: ServerResponse, status: 400 | 413 | 415, reason: string): void {
  const { method, url } = req;
  // Bodies are read in stream callbacks, outside the request's async context: the line is written inside it.
  runInRequest(req, () =>
    refusals.note(reason, `${status} ${method} ${url?.split('?')[0]} ${reason} from ${req.socket.remoteAddress}`),
  );
  const body = JSON.stringify(transportFailure(status));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
    'X-Request-Id': requestIdOf(req),
  });
  closeGracefully(req);
  res.end(body);
}

export function bodyParsing(
  options: { beaconPaths?: readonly string[] } = {},
): Array<RequestHandler | ErrorRequestHandler> {
  const refuse =
    (req: Request, res: Response): Refuse =>
    (status, reason) =>
      refuseBody(req, res, status, reason);
  const anonymous = {
    json: jsonBody(ANONYMOUS_BODY_LIMIT_BYTES, refuse),
    form: express.urlencoded({ extended: false, limit: ANONYMOUS_BODY_LIMIT_BYTES }),
  };
  const admin = {
    json: jsonBody(BODY_LIMIT_BYTES, refuse),
    form: express.urlencoded({ extended: false, limit: BODY_LIMIT_BYTES }),
  };
  // A beacon's path keeps its small limit whatever the headers say (Express matches paths in any case, with a
  // trailing slash too).
  const beacon = {
    json: jsonBody(BEACON_BODY_LIMIT_BYTES, refuse),
    form: express.urlencoded({ extended: false, limit: BEACON_BODY_LIMIT_BYTES }),
  };
  const beaconPaths = new Set(options.beaconPaths?.map((path) => path.toLowerCase()));
  const isBeacon = (req: Request) =>
    beaconPaths.size > 0 && beaconPaths.has(req.path.toLowerCase().replace(/(?<=.)\/+$/, ''));
  const pick = (req: Request) => (isBeacon(req) ? beacon : req.headers.token === undefined ? anonymous : admin);

  const readableType: RequestHandler = (req, res, next) => {
    if ((req as Request & { [BODY_READ]?: boolean })[BODY_READ] || !hasBody(req) || req.is(READABLE_TYPES))
      return next();
    refuse(req, res)(415, `content type ${req.get('content-type')}`);
  };
  const json: RequestHandler = (req, res, next) => pick(req).json(req, res, next);
  const form: RequestHandler = (req, res, next) =>
    (req as Request & { [BODY_READ]?: boolean })[BODY_READ] ? next() : pick(req).form(req, res, next);
  const onFormError: ErrorRequestHandler = (error: unknown, req: Request, res, next) => {
    const { status, type } = error as { status?: unknown; type?: unknown };
    if (typeof status === 'number' && status >= 400 && status < 500) {
      runInRequest(req, () =>
        refusals.note(String(type), `${status} ${req.method} ${req.path} ${String(type)} from ${req.ip}`),
      );
      // The rest of a refused form is not read by the parser: the connection closes once the answer is out.
      res.set('Connection', 'close');
      closeGracefully(req);
      res.status(status).json(transportFailure(status));
      return;
    }
    next(error);
  };
  return [readableType, json, form, onFormError];
}
