import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ScheduledBackups, type SlotOutcome } from './scheduled-backups.js';
import { MEDIA_STORE, type MediaStore } from '../../core/media/media-store.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { CronTimer } from '../../config/cron.js';

/**
 * Scheduled backups (`BACKUP_CRON`, README "Backups"): at each slot one server on the database makes an archive in
 * `BACKUP_DIR` and keeps the newest `BACKUP_KEEP` scheduled ones. Nothing runs without `BACKUP_CRON`.
 */
@Injectable()
export class BackupScheduleService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Backup');
  private readonly timer: CronTimer | null;
  readonly backups: ScheduledBackups;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectDataSource() db: DataSource,
    @Inject(MEDIA_STORE) media: MediaStore,
  ) {
    this.backups = new ScheduledBackups({
      // The URL DatabaseModule was registered with (the embedded one's, or DATABASE_URL).
      databaseUrl: (db.options as { url?: string }).url ?? '',
      media,
      dir: config.backup.dir,
      keep: config.backup.keep,
    });
    const cron = config.backup.cron;
    this.timer = cron ? new CronTimer(cron, async (slot) => void (await this.run(slot))) : null;
  }

  /** The slot the schedule waits for (`null` without `BACKUP_CRON`). */
  get next(): Date | null {
    return this.timer?.next ?? null;
  }

  onApplicationBootstrap(): void {
    if (!this.timer) return;
    this.timer.start();
    this.logger.log(`Scheduled backups: next at ${this.timer.next?.toISOString()}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.timer?.stop();
    await this.backups.close();
  }

  /** Makes the slot's archive (unless another server does) and logs what came of it; never throws. */
  async run(slot: Date): Promise<SlotOutcome | null> {
    try {
      const outcome = await this.backups.runSlot(slot);
      if ('made' in outcome) {
        const pruned = outcome.pruned.length > 0 ? `; deleted ${outcome.pruned.join(', ')}` : '';
        this.logger.log(`Scheduled backup written: ${outcome.made}${pruned}`);
      }
      return outcome;
    } catch (error) {
      this.logger.error(`Scheduled backup of ${slot.toISOString()} failed: ${(error as Error).message}`);
      return null;
    }
  }
}
