import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { OutboxWorker, type Delivery, type Settlement } from '../../core/outbox/outbox-worker.js';
import type { OutboxRow } from '../../core/outbox/outbox.queries.js';
import { BaiduClient, PUSH_TIMEOUT_MS } from './baidu-client.js';
import { findQuota, saveQuota, type NewLogEntry, type QueuedPath, type QuotaRow } from './baidu-push.queries.js';
import { beijingDay, nextBeijingMidnight } from './beijing-day.js';

/** Addresses per request (Baidu takes up to 2000; smaller batches keep one failure small). */
export const PUSH_BATCH = 100;
/** A claim outlives the longest push, so a row is taken again only from a worker that died. */
export const LEASE_MS = PUSH_TIMEOUT_MS * 3;
/** A row is given up after this many failed pushes (with the default first delay of a minute: about 8.5 hours). */
export const MAX_ATTEMPTS = 10;
/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 6 * 3600_000;

/** A queued address as the outbox hands it over: `key` is its path. */
export type QueuedRow = OutboxRow<QueuedPath>;

/** What a push got, for the log and for a push by hand. */
export interface PushOutcome {
  status: number;
  ok: boolean;
  success: number | null;
  remain: number | null;
  error: string | null;
  /** Addresses Baidu refused for good (not valid, not of the site), with the reason. */
  rejected: Array<{ url: string; reason: string }>;
  /** The rows went back to the queue (a retry, the day's quota, the server stopping). */
  requeued: boolean;
}

/**
 * Pushes the queued addresses to Baidu (docs/behaviour.md#baidu-link-push), the outbox's `baidu-push` rows, in every
 * server process: due rows are claimed a batch at a time and sent in one request, and the answer recorded:
 * delivered rows leave the outbox, refused addresses are kept as failed, a failure is retried with exponential
 * backoff up to {@link MAX_ATTEMPTS}, and an answer saying the day's quota is used up holds every process until the
 * next Beijing day. A push under way when the server stops is abandoned and its rows given back. Nothing runs when
 * push is not configured.
 */
@Injectable()
export class BaiduPushWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('BaiduPush');
  private readonly trouble = new BoundedLog((line) => this.logger.warn(line), 60_000);
  readonly outbox: OutboxWorker<QueuedPath, PushOutcome>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly client: BaiduClient,
  ) {
    this.outbox = new OutboxWorker<QueuedPath, PushOutcome>(db, {
      kind: 'baidu-push',
      lanes: [''],
      leaseMs: LEASE_MS,
      policy: { baseMs: config.baiduPush.retryMs, capMs: MAX_RETRY_DELAY_MS, maxAttempts: MAX_ATTEMPTS },
      batch: () => this.batch(),
      send: (rows, _lane, signal) => this.push(rows, false, signal),
      report: (line) => this.trouble.note('run', line),
    });
  }

  get configured(): boolean {
    return this.config.baiduPush.origin !== null;
  }

  onApplicationBootstrap(): void {
    this.kick();
  }

  /** Stops before the database pool closes: a push under way is abandoned and its rows given back. */
  beforeApplicationShutdown(): Promise<void> {
    return this.outbox.stop();
  }

  /** Something was queued or made due: look now rather than at the next planned time. */
  kick(): void {
    if (this.configured) this.outbox.kick();
  }

  /** The next batch's size, or until when the day's quota holds every push. */
  private async batch(): Promise<number | Date> {
    const quota = await findQuota(this.db);
    const now = new Date();
    if (quota.held_until && quota.held_until > now) return quota.held_until;
    return batchSize(quota, now);
  }

  /** Sends claimed rows in one request and answers what the outbox records of it. */
  async push(rows: readonly QueuedRow[], manual: boolean, signal: AbortSignal): Promise<Delivery<PushOutcome>> {
    const origin = this.config.baiduPush.origin ?? '';
    const urls = rows.map((row) => origin + row.key);
    const answer = await this.client.push(urls, signal);
    const base = { urls, manual, not_same_site: [] as string[], not_valid: [] as string[] };

    if (answer.kind === 'success') {
      const { success, remain, not_same_site, not_valid } = answer.body;
      const rejected = new Set([...not_same_site, ...not_valid]);
      const refusedRows = rows.filter((row) => rejected.has(origin + row.key));
      const why = (row: QueuedRow) =>
        not_same_site.includes(origin + row.key)
          ? '百度认为不是本站地址（not_same_site）'
          : '百度认为地址无效（not_valid）';
      const settle: Settlement[] = [...new Set(refusedRows.map(why))].map((reason) => ({
        as: 'failed',
        ids: refusedRows.filter((row) => why(row) === reason).map((row) => row.id),
        error: reason,
      }));
      settle.push({ as: 'delivered', ids: rows.filter((row) => !rejected.has(origin + row.key)).map((row) => row.id) });
      if (remain <= 0)
        this.logger.log(
          `Baidu's quota for today is used up; pushing again from ${nextBeijingMidnight(new Date()).toISOString()}`,
        );
      const refused = refusedRows.map((row) => ({ url: origin + row.key, reason: why(row) }));
      return {
        settle,
        inTransaction: (manager) => saveQuota(manager, remain, remain <= 0 ? nextBeijingMidnight(new Date()) : null),
        log: {
          ...base,
          status: answer.status,
          ok: true,
          success,
          remain,
          not_same_site,
          not_valid,
          error: null,
        } satisfies NewLogEntry,
        result: { status: answer.status, ok: true, success, remain, error: null, rejected: refused, requeued: false },
      };
    }

    if (answer.kind === 'failed' && answer.aborted) {
      // The server is stopping: the rows go back as they were, for the next start.
      const error = '服务器正在停止，稍后再推送';
      return {
        settle: [{ as: 'released' }],
        result: { status: 0, ok: false, success: null, remain: null, error, rejected: [], requeued: true },
      };
    }

    const overQuota = answer.kind === 'refused' && /over\s*quota/i.test(answer.message);
    const error =
      answer.kind === 'refused' ? `百度拒绝了推送（HTTP ${answer.status}）：${answer.message}` : answer.message;
    this.trouble.note('push', `push of ${urls.length} address(es) failed: ${error}`);
    const remain = overQuota ? 0 : null;
    const log: NewLogEntry = { ...base, status: answer.status, ok: false, success: null, remain, error };
    return {
      settle: [overQuota ? { as: 'released', error } : { as: 'retry', ids: rows.map((row) => row.id), error }],
      inTransaction: overQuota ? (manager) => saveQuota(manager, 0, nextBeijingMidnight(new Date())) : undefined,
      log,
      result: { status: answer.status, ok: false, success: null, remain, error, rejected: [], requeued: true },
    };
  }
}

/** A batch, no larger than what Baidu said is left today (a new day starts with a full batch). */
export function batchSize(quota: QuotaRow, now: Date): number {
  const today = quota.reported_at !== null && beijingDay(quota.reported_at) === beijingDay(now);
  return today && quota.remain !== null ? Math.max(1, Math.min(PUSH_BATCH, quota.remain)) : PUSH_BATCH;
}
