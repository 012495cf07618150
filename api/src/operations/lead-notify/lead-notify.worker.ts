import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NOTIFY_CHANNELS, type NotifyChannel } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { DrainLoop } from '../../core/drain-loop.js';
import { leadNotice, sendMail, sendRobot, type DeliveryAnswer, type LeadNotice } from './lead-channels.js';
import {
  claimDue,
  deleteDelivered,
  findChannel,
  insertLog,
  nextDue,
  releaseClaim,
  retryLater,
  type ChannelRow,
  type ClaimedDelivery,
} from './lead-notify.queries.js';
import { emailChannel, robotChannel } from './notify-settings.js';

/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 10 * 60_000;
/** A delivery still failing this long after its lead came is given up (`failed`), until retried by hand. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
/** How often an idle worker looks for rows other processes queued. */
const IDLE_MS = 30_000;
/** The wait after the database failed. */
const TROUBLE_MS = 5_000;

/**
 * Delivers the leads' outbox (docs/behaviour.md#lead-notifications), in every server process, each channel on its
 * own: a channel's loop claims one of its due deliveries at a time with a lease longer than a send may take, sends
 * it, and records the answer: a delivered row leaves the outbox, a failed one is tried again with exponential
 * backoff. A channel that hangs holds only its own loop, never another channel's deliveries. A process that dies
 * mid-send leaves its row to be claimed again when the lease runs out, so a lead is delivered at least once on each
 * channel, and twice only then.
 */
@Injectable()
export class LeadNotifyWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LeadNotify');
  private readonly trouble = new BoundedLog((line) => this.logger.warn(line), 60_000);
  private readonly loops = new Map<NotifyChannel, DrainLoop>(
    NOTIFY_CHANNELS.map((channel) => [
      channel,
      new DrainLoop(() => this.drain(channel), {
        idleMs: IDLE_MS,
        troubleMs: TROUBLE_MS,
        what: `delivery on ${channel}`,
        report: (line) => this.trouble.note(`run ${channel}`, line),
      }),
    ]),
  );

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Connecting and each SMTP step may take the timeout; the lease leaves room for all of them. */
  private get leaseMs(): number {
    return this.config.leads.timeoutMs * 6;
  }

  onApplicationBootstrap(): void {
    this.kick();
  }

  /**
   * No new delivery starts; those under way (one a channel) end (within the send timeout) before the database pool
   * closes.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }

  /** A lead was queued or deliveries made due: every channel delivers now rather than at its next planned time. */
  kick(): void {
    for (const loop of this.loops.values()) loop.kick();
  }

  /** Delivers `channel`'s rows one after another while any is due; answers how long to wait before looking again. */
  private async drain(channel: NotifyChannel): Promise<number> {
    const loop = this.loops.get(channel)!;
    for (;;) {
      if (loop.stopped) return IDLE_MS;
      const claim = randomUUID();
      const [row] = await claimDue(this.db, channel, claim, 1, this.leaseMs);
      if (!row) {
        const due = await nextDue(this.db, channel);
        return due ? due.getTime() - Date.now() : IDLE_MS;
      }
      if (loop.stopped) {
        await releaseClaim(this.db, claim);
        return IDLE_MS;
      }
      await this.deliver(row, claim);
    }
  }

  private async deliver(row: ClaimedDelivery, claim: string): Promise<void> {
    const settings = await findChannel(this.db, row.channel);
    // A channel turned off after the lead was queued: kept (and retried) until it is on again or given up.
    const answer = settings?.enabled
      ? await this.send(settings, leadNotice(row.payload, this.adminUrl()))
      : { ok: false, answer: '通道未启用' };
    const entry = {
      channel: row.channel,
      message_id: row.message_id,
      subject: `${row.payload.name} ${row.payload.phone}`,
      ok: answer.ok,
      answer: answer.answer,
      attempt: row.attempts + 1,
      test: false,
    };
    await this.db.transaction(async (manager) => {
      if (answer.ok) await deleteDelivered(manager, claim, row.id);
      else
        await retryLater(manager, claim, row.id, answer.answer, {
          baseMs: this.config.leads.retryMs,
          capMs: MAX_RETRY_DELAY_MS,
          giveUpMs: GIVE_UP_AFTER_MS,
        });
      await insertLog(manager, entry);
    });
    if (!answer.ok) {
      const detail = answer.detail ? ` (${answer.detail})` : '';
      this.trouble.note(row.channel, `delivery on ${row.channel} failed: ${answer.answer}${detail}`);
    }
  }

  /** Sends a notice on a channel with its saved settings: the outbox's deliveries and the screen's test. */
  send(row: ChannelRow, notice: LeadNotice): Promise<DeliveryAnswer> {
    const timeout = this.config.leads.timeoutMs;
    return row.channel === 'email'
      ? sendMail(emailChannel(row), notice, timeout)
      : sendRobot(row.channel, robotChannel(row), notice, timeout);
  }

  /** Where 留言管理 is, in the notices, when the site's address is configured. */
  adminUrl(): string | null {
    return this.config.publicUrl ? `${this.config.publicUrl}/admin/index/leaveword` : null;
  }
}
