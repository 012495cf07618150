import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { reportUnlessStopping } from '../../core/server-stopping.js';
import { TrashService } from './trash.service.js';

/** How often the bin is swept for items past their 30 days. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Purges the recycle bin's expired items at start and every hour, in every server process: the purge is a few
 * statements that delete only rows still trashed and past their time, so processes sharing a database can run it
 * together (docs/decisions.md "Recycle bin and revisions").
 */
@Injectable()
export class TrashPurger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('TrashPurger');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly trash: TrashService) {}

  onApplicationBootstrap(): void {
    this.running = this.sweep();
    this.timer = setInterval(() => {
      this.running = this.sweep();
    }, PURGE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async sweep(): Promise<void> {
    try {
      const count = await this.trash.purgeExpired();
      if (count > 0) this.logger.log(`Purged ${count} item(s) from the recycle bin`);
    } catch (error) {
      reportUnlessStopping(error, () =>
        this.logger.error(`Recycle bin purge failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}
