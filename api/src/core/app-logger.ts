import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's start-up chatter (one line per module and per route); shown only at LOG_LEVEL=debug. */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

export class AppLogger extends ConsoleLogger {
  private readonly debugEnabled: boolean;

  constructor(levels: LogLevel[]) {
    super({ logLevels: levels });
    this.debugEnabled = levels.includes('debug');
  }

  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (!this.debugEnabled && typeof context === 'string' && START_UP_CONTEXTS.has(context)) return;
    super.log(message, ...rest);
  }
}
