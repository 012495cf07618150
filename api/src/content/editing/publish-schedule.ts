import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ItemChanges, type EditedKind, type ItemChange } from './item-changes.js';
import { anyDue, nextDue, publishDue } from './publishing.queries.js';

const KINDS: readonly EditedKind[] = ['case', 'news'];

/**
 * Publishes scheduled cases and articles when their time comes (docs/behaviour.md#drafts-and-scheduled-publishing).
 * Every server runs it: each looks for due items at least every {@link PublishSchedule.pollMs}, and also at the
 * time of the next one it knows of, so an item goes public within a second of its time on the server that
 * scheduled it and within the poll on any other. Claiming is one guarded statement, so each item is published
 * once. At start it catches up with whatever came due while no server ran. Publishing is an update of a published
 * table: the content trigger tells every server's cache, and the link push hears of it as of a new item.
 */
@Injectable()
export class PublishSchedule implements OnApplicationBootstrap, OnModuleDestroy {
  /** The longest wait between two looks (what another server scheduled is published within it). */
  static pollMs = 15_000;
  private readonly logger = new Logger('Publishing');
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<ItemChange[]> | null = null;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly changes: ItemChanges,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.publishing.schedule) void this.run();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Publishes what is due now and answers what went public; one round at a time in this process. */
  publishDue(): Promise<ItemChange[]> {
    this.round ??= this.publish().finally(() => {
      this.round = null;
    });
    return this.round;
  }

  /** Something was scheduled here: the next look is planned again (it may be sooner than the one waited for). */
  rescheduled(): void {
    if (this.config.publishing.schedule && !this.stopped) void this.plan();
  }

  private async publish(): Promise<ItemChange[]> {
    if (!(await anyDue(this.db))) return [];
    const published = await this.db.transaction(async (manager) => {
      const changes: ItemChange[] = [];
      for (const kind of KINDS) {
        for (const id of await publishDue(manager, kind)) {
          const change: ItemChange = { kind, id, how: 'create' };
          await this.changes.note(manager, change);
          changes.push(change);
        }
      }
      return changes;
    });
    for (const change of published) this.changes.committed(change);
    if (published.length > 0) {
      this.logger.log(`Published ${published.map((change) => `${change.kind} ${change.id}`).join(', ')} on schedule`);
    }
    return published;
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.publishDue();
    } catch (error) {
      this.logger.error(`Publishing what is due failed, trying again soon: ${(error as Error).message}`);
    }
    await this.plan();
  }

  /** Waits until the next item is due, or the poll at most. */
  private async plan(): Promise<void> {
    let wait = PublishSchedule.pollMs;
    try {
      const next = await nextDue(this.db);
      if (next) wait = Math.min(wait, Math.max(0, next.getTime() - Date.now()) + 50);
    } catch {
      // The database is away: the poll tries again.
    }
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), wait);
    this.timer.unref();
  }
}
