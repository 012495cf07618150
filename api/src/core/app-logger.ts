import { ConsoleLogger, type LogLevel } from '@nestjs/common';

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

export class AppLogger extends ConsoleLogger {
  private readonly debugEnabled: boolean;

  /** `colors`: ANSI colours, for a terminal only (a log file or a collector gets plain text). */
  constructor(levels: LogLevel[], colors = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR) {
    super({ logLevels: levels, colors });
    this.debugEnabled = levels.includes('debug');
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (!this.debugEnabled && typeof context === 'string' && START_UP_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }
}
