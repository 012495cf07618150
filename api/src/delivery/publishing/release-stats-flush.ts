import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REMOTE_NAMES } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { RemotesService } from '../releases/remotes.service.js';
import { CanaryVisits } from '../releases/canary-visits.js';
import { ReleaseCounters } from '../releases/release-counters.js';
import { ACTOR, ReleaseSwitches } from './release-switches.js';
import {
  abandonCanaryIfRunning,
  addStats,
  addVisitors,
  listPointers,
  listStats,
  listVisitorCounts,
  pruneVisitors,
} from '../releases/release.queries.js';

/**
 * The counts per release (docs/architecture.md "Releases", "Counts"): what this instance counted in memory is
 * added to `remote_release_stats` and `remote_release_visitor`, and each running canary is judged on the totals.
 * Called every round by ReleaseRounds.
 */
@Injectable()
export class ReleaseStatsFlush {
  private readonly logger = new Logger('Releases');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly remotes: RemotesService,
    private readonly counters: ReleaseCounters,
    private readonly visits: CanaryVisits,
    private readonly switches: ReleaseSwitches,
  ) {}

  /** Writes the counts taken since the last round; on failure they are put back for the next one. */
  async flushCounts(): Promise<void> {
    const deltas = this.counters.take();
    const visitors = this.visits.take();
    try {
      if (deltas.length > 0) await addStats(this.db, deltas);
    } catch (error) {
      this.counters.putBack(deltas);
      this.visits.putBack(visitors);
      throw error;
    }
    try {
      if (visitors.length > 0) await addVisitors(this.db, visitors);
    } catch (error) {
      this.visits.putBack(visitors);
      throw error;
    }
  }

  /**
   * A canary is judged by its visitors (docs/behaviour.md#remote-releases): once it served `minViews` pages to
   * `minVisitors` distinct visitors, it is ended when more than `maxErrorPercent` of them met a failure (a server
   * render that failed, or a browser's report with its page's token). Once, whichever instance sees it first.
   */
  async judgeCanaries(): Promise<void> {
    if (!REMOTE_NAMES.some((remote) => this.remotes.served(remote).canary)) return;
    const pointers = (await listPointers(this.db)).filter((row) => row.canary !== null);
    if (pointers.length === 0) return;
    const [stats, visitors] = await Promise.all([listStats(this.db), listVisitorCounts(this.db)]);
    const { maxErrorPercent, minViews, minVisitors } = this.config.releases;
    for (const row of pointers) {
      const counted = stats.find((found) => found.remote === row.remote && found.release === row.canary);
      const seen = visitors.find((found) => found.remote === row.remote && found.release === row.canary);
      if (!counted || !seen || counted.views < minViews || seen.visitors < minVisitors) continue;
      if (seen.failed * 100 <= maxErrorPercent * seen.visitors) continue;
      const rate = ((seen.failed / seen.visitors) * 100).toFixed(1);
      const ended = await abandonCanaryIfRunning(this.db, row.remote, row.canary!, {
        action: 'auto-rollback',
        actor: ACTOR.system,
        detail:
          `错误率 ${rate}%（${seen.visitors} 位访客中 ${seen.failed} 位遇到错误；${counted.views} 次访问，` +
          `服务端渲染失败 ${counted.ssrFailures} 次，浏览器错误 ${counted.clientErrors} 次），超过 ${maxErrorPercent}%`,
      });
      if (ended) {
        this.logger.warn(
          `canary ${row.remote} ${row.canary} rolled back: ${seen.failed} of ${seen.visitors} visitors ` +
            `(${rate}%) met a failure over ${counted.views} views`,
        );
        await pruneVisitors(this.db, row.remote).catch(() => undefined);
        await this.switches.afterSwitch(row.remote, { active: row.active, previous: row.previous, canary: null });
      }
    }
  }
}
