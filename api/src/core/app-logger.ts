import { inspect } from 'node:util';
import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import type { LogFormat } from '../config/config.js';
import { currentRequestId } from './request-context.js';

/**
 * Nest's start-up chatter (one line per module and per route, and "successfully started" before the port is
 * even taken: the server prints its own "Ready" line once it listens); shown only at LOG_LEVEL=debug.
 */
const START_UP_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** Where a finished line goes (with its newline); the server's is stdout or stderr, a test's is a list. */
export type LogSink = (line: string, stream: 'stdout' | 'stderr') => void;

export interface AppLoggerOptions {
  /** `text` (default): Nest's readable lines; `json`: one JSON object per line, for a log collector. */
  format?: LogFormat;
  /** ANSI colours in text lines; by default on a terminal only (a log file or a collector gets plain text). */
  colors?: boolean;
  sink?: LogSink;
}

/** The `level` of a JSON line: Nest's `log` is the `info` collectors expect. */
const JSON_LEVELS: Record<LogLevel, string> = {
  fatal: 'fatal',
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'verbose',
};

/** The fields every JSON line has; structured fields given with a message never replace them. */
const OWN_FIELDS = new Set(['time', 'level', 'context', 'msg', 'requestId', 'stack']);

const writeToProcess: LogSink = (line, stream) => {
  process[stream].write(line);
};

/**
 * The server's logger. Every line written while a request is handled carries its id (`requestId` in JSON,
 * `[id]` before the text), taken from the request's async context (`request-context.ts`), so services, the
 * exception filter and the server render need not pass it. Structured fields go as a plain object after the
 * message: `logger.log('Rendered', { ms: 12 })`.
 */
export class AppLogger extends ConsoleLogger {
  private readonly debugEnabled: boolean;
  private readonly format: LogFormat;
  private readonly sink: LogSink;

  constructor(levels: LogLevel[], options: AppLoggerOptions = {}) {
    const format = options.format ?? 'text';
    const colors = format === 'text' && (options.colors ?? (Boolean(process.stdout.isTTY) && !process.env.NO_COLOR));
    super({ logLevels: levels, colors });
    this.debugEnabled = levels.includes('debug');
    this.format = format;
    this.sink = options.sink ?? writeToProcess;
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (!this.debugEnabled && typeof context === 'string' && START_UP_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }

  protected override printMessages(
    messages: unknown[],
    context = '',
    logLevel: LogLevel = 'log',
    writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
    params?: Record<string, unknown>,
  ): void {
    const stream = writeStreamType ?? 'stdout';
    const requestId = currentRequestId();
    if (this.format === 'json') {
      for (const message of messages) {
        this.sink(
          `${jsonLine(this.resolveMessage(message), context, logLevel, requestId, errorStack, params)}\n`,
          stream,
        );
      }
      return;
    }
    for (const raw of messages) {
      const resolved = this.resolveMessage(raw);
      const message = requestId !== undefined && typeof resolved === 'string' ? `[${requestId}] ${resolved}` : resolved;
      const line = this.formatMessage(
        logLevel,
        message,
        this.formatPid(process.pid),
        logLevel.toUpperCase().padStart(7, ' '),
        this.formatContext(context),
        this.updateAndGetTimestampDiff(),
        params,
      );
      this.sink(line, stream);
    }
  }

  /** JSON lines carry the stack as a field; text lines print it after the message, as Nest does. */
  protected override printStackTrace(stack: string): void {
    if (!stack || this.format === 'json') return;
    this.sink(`${stack}\n`, 'stderr');
  }
}

/** One JSON log line: `time`, `level`, `context`, `msg`, `requestId`, the structured fields, `stack`. */
export function jsonLine(
  message: unknown,
  context: string,
  level: LogLevel,
  requestId: string | undefined,
  errorStack?: unknown,
  params?: Record<string, unknown>,
): string {
  const fields: Record<string, unknown> = { ...params };
  let msg: string;
  let stack = typeof errorStack === 'string' && errorStack ? errorStack : undefined;
  if (typeof message === 'string') {
    msg = message;
  } else if (message instanceof Error) {
    msg = message.message;
    stack ??= message.stack;
  } else if (message !== null && typeof message === 'object' && !Array.isArray(message)) {
    const { msg: inner, message: text, ...rest } = message as Record<string, unknown>;
    Object.assign(fields, rest);
    msg = typeof inner === 'string' ? inner : typeof text === 'string' ? text : '';
  } else {
    msg = inspect(message, { breakLength: Infinity });
  }
  const line: Record<string, unknown> = { time: new Date().toISOString(), level: JSON_LEVELS[level] ?? level };
  if (context) line.context = context;
  line.msg = msg;
  if (requestId !== undefined) line.requestId = requestId;
  for (const [key, value] of Object.entries(fields)) if (!OWN_FIELDS.has(key)) line[key] = value;
  if (stack !== undefined) line.stack = stack;
  try {
    return JSON.stringify(line, jsonValue);
  } catch {
    // A circular structure in a field: the line is still written, with the fields as text.
    const { time, level: lineLevel, context: lineContext, msg: lineMsg } = line;
    return JSON.stringify({
      time,
      level: lineLevel,
      context: lineContext,
      msg: lineMsg,
      requestId,
      fields: inspect(fields, { depth: 2, breakLength: Infinity }),
      stack,
    });
  }
}

function jsonValue(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}
