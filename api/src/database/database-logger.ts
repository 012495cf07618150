import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { BoundedLog } from '../core/bounded-log.js';
import { isDatabaseUnavailable } from '../core/database-errors.js';
import { unlessStopping } from '../core/server-stopping.js';
import { missingPictures } from '../content/uploads/media.queries.js';

/**
 * TypeORM's messages through Nest's logger. While the database is unreachable every query fails alike, so those
 * failures are reported at a bounded rate. Once the server is stopping, a lost connection is the expected end of it
 * and is not shown; since Ctrl-C reaches the embedded PostgreSQL and this process at once, and this process may read
 * a connection's end before its own signal, a lost connection is reported only if still unexplained a moment later.
 * Query parameters are never logged (they can hold password hashes and tokens).
 */
export class DatabaseLogger implements TypeOrmLogger {
  private readonly logger = new Logger('Database');
  private readonly outages = new BoundedLog((line) => this.logger.error(line));

  logQuery(): void {}

  logQueryError(error: string | Error, query: string): void {
    const message = error instanceof Error ? error.message : error;
    // A save naming a picture deleted meanwhile: the administrator is told in words, nothing went wrong here.
    if (missingPictures(error)) return;
    if (isDatabaseUnavailable(error)) {
      unlessStopping(() => this.outages.note('unavailable', `database unavailable: ${message}`));
      return;
    }
    this.logger.error(`query failed: ${message} -- ${query.replace(/\s+/g, ' ').slice(0, 300)}`);
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn(`slow query (${time} ms): ${query.replace(/\s+/g, ' ').slice(0, 300)}`);
  }

  logSchemaBuild(): void {}

  logMigration(message: string): void {
    this.logger.log(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
    else this.logger.log(String(message));
  }

  /** The pool's own errors (an idle connection dropped by the server). */
  poolError(error: Error): void {
    unlessStopping(() => this.outages.note('pool', `connection lost: ${error.message}`));
  }
}
