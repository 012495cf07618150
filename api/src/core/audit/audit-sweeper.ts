import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { reportUnlessStopping } from '../server-stopping.js';
import { deleteAuditOlderThan, trySweepLock } from './audit.queries.js';

/** How often the audit trail is swept for records past `AUDIT_RETENTION_DAYS`. */
export const AUDIT_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** The sweep's advisory lock: one instance sweeps, the others find it taken and skip. */
const AUDIT_SWEEP_LOCK = 7_310_004;

/**
 * Deletes the audit records older than `AUDIT_RETENTION_DAYS` (at least 180: the database refuses younger ones),
 * at start and once a day (docs/behaviour.md#audit-trail). Instances sharing the database do not sweep together:
 * the one holding the lock does it.
 */
@Injectable()
export class AuditSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AuditTrail');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.sweepLogged();
    this.timer = setInterval(() => {
      this.running = this.sweepLogged();
    }, AUDIT_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep: the records deleted, or `null` when another instance holds the sweep. */
  sweep(): Promise<number | null> {
    return this.db.transaction(async (manager) => {
      if (!(await trySweepLock(manager, AUDIT_SWEEP_LOCK))) return null;
      return deleteAuditOlderThan(manager, this.config.admin.auditRetentionDays);
    });
  }

  private async sweepLogged(): Promise<void> {
    try {
      const count = await this.sweep();
      if (count)
        this.logger.log(`Deleted ${count} audit record(s) older than ${this.config.admin.auditRetentionDays} days`);
    } catch (error) {
      reportUnlessStopping(error, () =>
        this.logger.error(`Audit trail sweep failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}
