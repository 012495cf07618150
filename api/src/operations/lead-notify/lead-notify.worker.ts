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
import { OutboxWorker, type Delivery } from '../../core/outbox/outbox-worker.js';
import type { OutboxRow } from '../../core/outbox/outbox.queries.js';
import { leadNotice, sendMail, sendRobot, type DeliveryAnswer, type LeadNotice } from './lead-channels.js';
import { findChannel, type ChannelRow, type NewDeliveryLog, type QueuedLead } from './lead-notify.queries.js';
import { emailChannel, robotChannel } from './notify-settings.js';

/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 10 * 60_000;
/** A delivery still failing this long after its lead came is given up (`failed`), until retried by hand. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;

/**
 * How the notify channels' outbox kinds (leads, review notices) are claimed and retried: one lane per channel, a
 * lease that leaves room for every SMTP step's timeout, retries up to ten minutes apart for three days.
 */
export function channelOutbox(config: AppConfig) {
  return {
    lanes: NOTIFY_CHANNELS,
    leaseMs: config.leads.timeoutMs * 6,
    policy: { baseMs: config.leads.retryMs, capMs: MAX_RETRY_DELAY_MS, giveUpAfterMs: GIVE_UP_AFTER_MS },
  };
}

/**
 * Delivers the leads' part of the outbox (docs/behaviour.md#lead-notifications), in every server process, each
 * channel a lane of its own: a channel that hangs holds only its own lane, never another channel's deliveries. One
 * delivery is sent at a time on a lane; a failed one is tried again with exponential backoff, and given up after
 * {@link GIVE_UP_AFTER_MS}. A send under way when the server stops runs to its timeout and is recorded.
 */
@Injectable()
export class LeadNotifyWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('LeadNotify');
  private readonly trouble = new BoundedLog((line) => this.logger.warn(line), 60_000);
  readonly outbox: OutboxWorker<QueuedLead, void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() db: DataSource,
  ) {
    this.outbox = new OutboxWorker<QueuedLead, void>(db, {
      kind: 'lead',
      ...channelOutbox(config),
      send: ([row], lane) => this.deliver(db, row!, lane as NotifyChannel),
      report: (line, lane) => this.trouble.note(`run ${lane}`, line),
    });
  }

  onApplicationBootstrap(): void {
    this.kick();
  }

  /** No new delivery starts; those under way (one a channel) end within the send timeout and are recorded. */
  beforeApplicationShutdown(): Promise<void> {
    return this.outbox.stop();
  }

  /** A lead was queued or deliveries made due: every channel delivers now rather than at its next planned time. */
  kick(): void {
    this.outbox.kick();
  }

  private async deliver(db: DataSource, row: OutboxRow<QueuedLead>, channel: NotifyChannel): Promise<Delivery<void>> {
    const settings = await findChannel(db, channel);
    const { message_id, ...lead } = row.payload;
    // A channel turned off after the lead was queued: kept (and retried) until it is on again or given up.
    const answer = settings?.enabled
      ? await this.send(settings, leadNotice(lead, this.adminUrl()))
      : { ok: false, answer: '通道未启用' };
    if (!answer.ok) {
      const detail = answer.detail ? ` (${answer.detail})` : '';
      this.trouble.note(channel, `delivery on ${channel} failed: ${answer.answer}${detail}`);
    }
    const log: NewDeliveryLog = {
      channel,
      message_id,
      subject: `${lead.name} ${lead.phone}`,
      ok: answer.ok,
      answer: answer.answer,
      attempt: row.attempts + 1,
      test: false,
    };
    return {
      settle: [answer.ok ? { as: 'delivered', ids: [row.id] } : { as: 'retry', ids: [row.id], error: answer.answer }],
      log,
      result: undefined,
    };
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
