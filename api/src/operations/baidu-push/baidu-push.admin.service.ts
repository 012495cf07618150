import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BaiduPushResult, BaiduPushStatus } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, BAIDU_PUSH_VARIABLES, type AppConfig } from '../../config/config.js';
import { failure, invalid } from '../../core/api.exception.js';
import { countOutbox, listLog, listOutbox, retryNow } from '../../core/outbox/outbox.queries.js';
import { findQuota, type NewLogEntry, type QueuedPath } from './baidu-push.queries.js';
import { BaiduPushWorker } from './baidu-push.worker.js';
import { beijingDay } from './beijing-day.js';

/** How many queued addresses the back office is shown. */
const QUEUE_SHOWN = 100;

export const NOT_CONFIGURED_MESSAGE = `未配置百度推送（${BAIDU_PUSH_VARIABLES.join('、')}），暂不能推送`;

const beijingTime = (at: Date) => new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** The back office's view of the link push: its state, a push by hand, retrying now. */
@Injectable()
export class BaiduPushAdminService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly worker: BaiduPushWorker,
  ) {}

  async status(): Promise<BaiduPushStatus> {
    const { site, origin } = this.config.baiduPush;
    const quota = await findQuota(this.db);
    const now = new Date();
    const today = quota.reported_at !== null && beijingDay(quota.reported_at) === beijingDay(now);
    const counts = await countOutbox(this.db, 'baidu-push');
    return {
      configured: origin !== null,
      missing: origin !== null ? [] : [...BAIDU_PUSH_VARIABLES],
      site,
      origin,
      quota: {
        remain: today ? quota.remain : null,
        reported_at: quota.reported_at ? beijingTime(quota.reported_at) : null,
        held_until: quota.held_until && quota.held_until > now ? beijingTime(quota.held_until) : null,
      },
      pending: counts.pending,
      failed: counts.failed,
      queue: (await listOutbox<QueuedPath>(this.db, 'baidu-push', QUEUE_SHOWN)).map(({ key, payload, ...row }) => ({
        id: row.id,
        url: (origin ?? '') + key,
        reason: payload.reason,
        state: row.state,
        attempts: row.attempts,
        next_attempt: row.next_attempt,
        last_error: row.last_error,
        queued_at: row.queued_at,
      })),
      log: await listLog<NewLogEntry>(this.db, 'baidu-push'),
    };
  }

  /**
   * Pushes one address of the site now: it is queued like any other (so a failure is retried), then claimed and
   * sent on its own, and Baidu's answer is given back.
   */
  async pushUrl(url: string): Promise<BaiduPushResult> {
    const path = this.pathOnSite(url);
    const origin = this.config.baiduPush.origin;
    if (origin === null) throw failure(NOT_CONFIGURED_MESSAGE);
    const absolute = origin + path;
    const [row] = await this.worker.outbox.enqueue(this.db, [{ key: path, payload: { reason: 'manual' } }], true);
    const quota = await findQuota(this.db);
    if (quota.held_until && quota.held_until > new Date()) {
      return {
        url: absolute,
        ok: false,
        queued: true,
        status: 0,
        success: null,
        remain: 0,
        error: `今日推送配额已用完，已加入队列，将于 ${beijingTime(quota.held_until)} 后推送`,
      };
    }
    const claimed = row ? await this.worker.outbox.claimOne(row.id) : undefined;
    if (!claimed) {
      return { url: absolute, ok: false, queued: true, status: 0, success: null, remain: null, error: '正在推送中' };
    }
    const outcome = await this.worker.outbox.deliver([claimed.row], claimed.claim, (rows, _lane, signal) =>
      this.worker.push(rows, true, signal),
    );
    if (outcome.requeued) this.worker.kick();
    return {
      url: absolute,
      ok: outcome.ok && outcome.rejected.length === 0,
      queued: outcome.requeued,
      status: outcome.status,
      success: outcome.success,
      remain: outcome.remain,
      error: outcome.error ?? outcome.rejected[0]?.reason ?? null,
    };
  }

  /** Makes one queued address, or all, due now. */
  async retry(id: number | undefined): Promise<{ count: number }> {
    const count = await retryNow(this.db, 'baidu-push', { id });
    if (id !== undefined && count === 0) throw failure('该地址不在队列中，或正在推送');
    this.worker.kick();
    return { count };
  }

  /** The path (with its query) of an absolute address on the push origin; refuses anything else. */
  private pathOnSite(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalid('推送地址必须是完整的网页地址（以 http:// 或 https:// 开头）');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw invalid('推送地址必须是 http 或 https 网址');
    }
    const origin = this.config.baiduPush.origin;
    if (origin !== null && parsed.origin !== origin) throw invalid(`只能推送本站的地址（${origin}/…）`);
    if (parsed.username || parsed.password) throw invalid('推送地址不能包含用户名或密码');
    return parsed.pathname + parsed.search;
  }
}
