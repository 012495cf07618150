import { randomUUID } from 'node:crypto';
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
import { DrainLoop } from '../../core/drain-loop.js';
import { BaiduClient, PUSH_TIMEOUT_MS } from './baidu-client.js';
import {
  claimDue,
  deleteDelivered,
  findQuota,
  insertLog,
  markRejected,
  nextDue,
  releaseClaim,
  retryLater,
  saveQuota,
  type ClaimedRow,
  type QuotaRow,
} from './baidu-push.queries.js';
import { beijingDay, nextBeijingMidnight } from './beijing-day.js';

/** Addresses per request (Baidu takes up to 2000; smaller batches keep one failure small). */
export const PUSH_BATCH = 100;
/** A claim outlives the longest push, so a row is taken again only from a worker that died. */
export const LEASE_MS = PUSH_TIMEOUT_MS * 3;
/** A row is given up after this many failed pushes (with the default first delay of a minute: about 8.5 hours). */
export const MAX_ATTEMPTS = 10;
/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 6 * 3600_000;
/** How often an idle worker looks for rows other processes queued. */
const IDLE_MS = 30_000;
/** The wait after the database failed. */
const TROUBLE_MS = 5_000;

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
 * Pushes the queued addresses to Baidu (docs/behaviour.md#baidu-link-push), in every server process: each claims
 * due rows with a lease, sends them in one request, and records the answer: delivered rows leave the queue,
 * refused addresses are kept as failed, a failure is retried with exponential backoff, and an answer saying the
 * day's quota is used up holds every process until the next Beijing day. Nothing runs when push is not configured.
 */
@Injectable()
export class BaiduPushWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('BaiduPush');
  private readonly trouble = new BoundedLog((line) => this.logger.warn(line), 60_000);
  private readonly loop = new DrainLoop(() => this.drain(), {
    idleMs: IDLE_MS,
    troubleMs: TROUBLE_MS,
    what: 'push',
    report: (line) => this.trouble.note('run', line),
  });
  private readonly stopping = new AbortController();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly client: BaiduClient,
  ) {}

  get configured(): boolean {
    return this.config.baiduPush.origin !== null;
  }

  onApplicationBootstrap(): void {
    this.kick();
  }

  /** Stops before the database pool closes: a push under way is abandoned and its rows given back. */
  async beforeApplicationShutdown(): Promise<void> {
    const done = this.loop.stop();
    this.stopping.abort();
    await done;
  }

  /** Something was queued or made due: look now rather than at the next planned time. */
  kick(): void {
    if (this.configured) this.loop.kick();
  }

  /** Pushes batch after batch while rows are due; answers how long to wait before looking again. */
  private async drain(): Promise<number> {
    for (;;) {
      if (this.loop.stopped) return IDLE_MS;
      const quota = await findQuota(this.db);
      const now = new Date();
      if (quota.held_until && quota.held_until > now) return quota.held_until.getTime() - now.getTime();
      const claim = randomUUID();
      const rows = await claimDue(this.db, claim, batchSize(quota, now), LEASE_MS);
      if (rows.length === 0) {
        const due = await nextDue(this.db);
        return due ? due.getTime() - Date.now() : IDLE_MS;
      }
      await this.push(rows, claim, false);
    }
  }

  /** Sends claimed rows in one request and records what came of it. */
  async push(rows: readonly ClaimedRow[], claim: string, manual: boolean): Promise<PushOutcome> {
    const origin = this.config.baiduPush.origin ?? '';
    const urls = rows.map((row) => origin + row.path);
    const answer = await this.client.push(urls, this.stopping.signal);
    const base = { urls, manual, not_same_site: [] as string[], not_valid: [] as string[] };

    if (answer.kind === 'success') {
      const { success, remain, not_same_site, not_valid } = answer.body;
      const rejected = new Set([...not_same_site, ...not_valid]);
      const refusedRows = rows.filter((row) => rejected.has(origin + row.path));
      const why = (row: ClaimedRow) =>
        not_same_site.includes(origin + row.path)
          ? '百度认为不是本站地址（not_same_site）'
          : '百度认为地址无效（not_valid）';
      await this.db.transaction(async (manager) => {
        for (const reason of new Set(refusedRows.map(why))) {
          const ids = refusedRows.filter((row) => why(row) === reason).map((row) => row.id);
          await markRejected(manager, claim, ids, reason);
        }
        const delivered = rows.filter((row) => !rejected.has(origin + row.path)).map((row) => row.id);
        await deleteDelivered(manager, claim, delivered);
        await saveQuota(manager, remain, remain <= 0 ? nextBeijingMidnight(new Date()) : null);
        await insertLog(manager, {
          ...base,
          status: answer.status,
          ok: true,
          success,
          remain,
          not_same_site,
          not_valid,
          error: null,
        });
      });
      if (remain <= 0)
        this.logger.log(
          `Baidu's quota for today is used up; pushing again from ${nextBeijingMidnight(new Date()).toISOString()}`,
        );
      const refused = refusedRows.map((row) => ({ url: origin + row.path, reason: why(row) }));
      return { status: answer.status, ok: true, success, remain, error: null, rejected: refused, requeued: false };
    }

    if (answer.kind === 'failed' && answer.aborted) {
      // The server is stopping: the rows go back as they were, for the next start.
      await releaseClaim(this.db, claim);
      const error = '服务器正在停止，稍后再推送';
      return { status: 0, ok: false, success: null, remain: null, error, rejected: [], requeued: true };
    }

    const overQuota = answer.kind === 'refused' && /over\s*quota/i.test(answer.message);
    const error =
      answer.kind === 'refused' ? `百度拒绝了推送（HTTP ${answer.status}）：${answer.message}` : answer.message;
    await this.db.transaction(async (manager) => {
      if (overQuota) {
        await releaseClaim(manager, claim, error);
        await saveQuota(manager, 0, nextBeijingMidnight(new Date()));
      } else {
        await retryLater(manager, claim, error, {
          baseMs: this.config.baiduPush.retryMs,
          capMs: MAX_RETRY_DELAY_MS,
          maxAttempts: MAX_ATTEMPTS,
        });
      }
      await insertLog(manager, {
        ...base,
        status: answer.status,
        ok: false,
        success: null,
        remain: overQuota ? 0 : null,
        error,
      });
    });
    this.trouble.note('push', `push of ${urls.length} address(es) failed: ${error}`);
    const remain = overQuota ? 0 : null;
    return { status: answer.status, ok: false, success: null, remain, error, rejected: [], requeued: true };
  }
}

/** A batch, no larger than what Baidu said is left today (a new day starts with a full batch). */
export function batchSize(quota: QuotaRow, now: Date): number {
  const today = quota.reported_at !== null && beijingDay(quota.reported_at) === beijingDay(now);
  return today && quota.remain !== null ? Math.max(1, Math.min(PUSH_BATCH, quota.remain)) : PUSH_BATCH;
}
