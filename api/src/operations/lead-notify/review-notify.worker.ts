import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type NotifyChannel } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { OutboxWorker, type Delivery } from '../../core/outbox/outbox-worker.js';
import type { OutboxRow } from '../../core/outbox/outbox.queries.js';
import type { LeadNotice } from './lead-channels.js';
import { findChannel } from './lead-notify.queries.js';
import { channelOutbox, LeadNotifyWorker } from './lead-notify.worker.js';
import type { ReviewPayload } from './review-notify.queries.js';

const KIND_NAMES = { case: '案例', news: '文章' } as const;

/** What the editors are told of a submission, the same on every channel. */
export function reviewNotice(review: ReviewPayload, adminUrl: string | null): LeadNotice {
  const subject = `待审核：${review.title}（${review.author}）`.replace(/\s+/g, ' ').trim();
  const lines = [
    `${review.author} 提交了${KIND_NAMES[review.kind]}，等待审核：`,
    '',
    `${KIND_NAMES[review.kind]}：${review.title}`,
    `提交时间：${review.time}（北京时间）`,
    ...(adminUrl ? [`在管理后台审核：${adminUrl}`] : []),
  ];
  return { subject, text: lines.join('\n'), replyTo: null };
}

/**
 * Tells the editors of a case or an article submitted for review (docs/behaviour.md#review-before-publishing), on
 * the channels of the leads' notifications (通知设置): the outbox's `review` kind, one lane per channel, delivered
 * and retried as the leads' notices are, with the same senders and settings.
 */
@Injectable()
export class ReviewNotifyWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('ReviewNotify');
  private readonly trouble = new BoundedLog((line) => this.logger.warn(line), 60_000);
  readonly outbox: OutboxWorker<ReviewPayload, void>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() db: DataSource,
    private readonly leads: LeadNotifyWorker,
  ) {
    this.outbox = new OutboxWorker<ReviewPayload, void>(db, {
      kind: 'review',
      ...channelOutbox(config),
      send: ([row], lane) => this.deliver(db, row!, lane as NotifyChannel),
      report: (line, lane) => this.trouble.note(`run ${lane}`, line),
    });
  }

  onApplicationBootstrap(): void {
    this.kick();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.outbox.stop();
  }

  kick(): void {
    this.outbox.kick();
  }

  private async deliver(
    db: DataSource,
    row: OutboxRow<ReviewPayload>,
    channel: NotifyChannel,
  ): Promise<Delivery<void>> {
    const settings = await findChannel(db, channel);
    const notice = reviewNotice(row.payload, this.adminUrl(row.payload.kind));
    const answer = settings?.enabled ? await this.leads.send(settings, notice) : { ok: false, answer: '通道未启用' };
    if (!answer.ok) this.trouble.note(channel, `review notice on ${channel} failed: ${answer.answer}`);
    return {
      settle: [answer.ok ? { as: 'delivered', ids: [row.id] } : { as: 'retry', ids: [row.id], error: answer.answer }],
      log: {
        channel,
        key: row.key,
        subject: notice.subject,
        ok: answer.ok,
        answer: answer.answer,
        attempt: row.attempts + 1,
      },
      result: undefined,
    };
  }

  /** The back office's list of the item's kind, in the notices, when the site's address is configured. */
  private adminUrl(kind: ReviewPayload['kind']): string | null {
    return this.config.publicUrl
      ? `${this.config.publicUrl}/admin/index/${kind === 'case' ? 'case' : 'article'}`
      : null;
  }
}
