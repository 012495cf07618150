import type { IncomingMessage } from 'node:http';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  REMOTE_NAMES,
  type ClientErrorReport,
  type ReleaseRow,
  type ReleaseState,
  type ReleasesOverview,
  type RemoteName,
  type RemoteReleases,
} from '@site/shared-types';
import { compatibilityProblems } from '@site/shared-types/release';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { failure } from '../../core/api.exception.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { isDatabaseUnavailable } from '../../core/database-errors.js';
import { findAdminEmail } from '../../core/auth/auth.queries.js';
import { RemotesService } from '../releases/remotes.service.js';
import { CanaryVisits } from '../releases/canary-visits.js';
import { ReleaseCounters } from '../releases/release-counters.js';
import { ReleaseFiles } from '../releases/release-files.js';
import { ReleaseGate } from './release-gate.js';
import {
  abandonCanaryIfRunning,
  addStats,
  addVisitors,
  findPointer,
  insertEvent,
  listEvents,
  listPointers,
  listStats,
  listVisitorCounts,
  lockPointer,
  pruneVisitors,
  resetStats,
  writePointer,
  type PointerChange,
  type PointerRow,
} from '../releases/release.queries.js';

/** Who switched: an administrator's e-mail, or one of these. */
export const ACTOR = { cli: '命令行', build: '构建', system: '系统' } as const;

const TITLES: Record<RemoteName, string> = { mf_desktop: '桌面站', mf_mobile: '手机站', mf_admin: '管理后台' };

/** How often counts are written, canaries judged and the build's `current.json` looked at. */
const TICK_MS = 2000;
const EVENTS_SHOWN = 50;
/** Reports one browser may send a minute; further ones are dropped (the endpoint is public). */
const REPORTS_PER_MINUTE = 10;
const MAX_REPORTERS = 5000;

/**
 * Switching remote releases (docs/architecture.md "Releases", docs/behaviour.md#remote-releases): activate, canary,
 * promote and roll back, each through the gate, in one transaction with its audit entry, announced to every
 * instance. In the background it writes the counts per release, rolls back a canary whose error rate crosses
 * the threshold, and takes in a release the build command named in `current.json` (through the same gate).
 */
@Injectable()
export class ReleasesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Releases');
  private readonly reportLog = new BoundedLog((line) => this.logger.warn(line));
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly reporters = new Map<string, { count: number; until: number }>();
  /** Per remote, the release of `current.json` known to be taken in (or refused) already. */
  private readonly imported = new Map<RemoteName, string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly files: ReleaseFiles,
    private readonly remotes: RemotesService,
    private readonly gate: ReleaseGate,
    private readonly counters: ReleaseCounters,
    private readonly visits: CanaryVisits,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.releases.watch) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }

  /** One round of the background work (also called by tests to skip the wait). */
  tick(): Promise<void> {
    this.ticking ??= (async () => {
      await this.visits.ready().catch((error: unknown) => this.quiet('secret', error));
      await this.flushCounts().catch((error: unknown) => this.quiet('counts', error));
      await this.judgeCanaries().catch((error: unknown) => this.quiet('canary', error));
      await this.importBuilds().catch((error: unknown) => this.quiet('import', error));
    })().finally(() => (this.ticking = null));
    return this.ticking;
  }

  async overview(): Promise<ReleasesOverview> {
    const [pointers, stats, visitors, events] = await Promise.all([
      listPointers(this.db),
      listStats(this.db),
      listVisitorCounts(this.db),
      listEvents(this.db, EVENTS_SHOWN),
    ]);
    const shell = await this.files.shellRecord();
    const remotes: RemoteReleases[] = [];
    for (const remote of REMOTE_NAMES) {
      const row = pointers.find((found) => found.remote === remote);
      const served = this.remotes.served(remote);
      const url = this.config.frontend.remotes[remote].url;
      const external = url !== null && !url.includes('{release}');
      const active = external ? null : (served.active ?? row?.active ?? null);
      const releases: ReleaseRow[] = [];
      for (const { release } of external ? [] : await this.files.kept(remote)) {
        const record = await this.files.record(remote, release);
        const state: ReleaseState =
          release === active
            ? 'active'
            : release === served.canary?.release
              ? 'canary'
              : release === row?.previous
                ? 'previous'
                : 'kept';
        const counted = stats.find((found) => found.remote === remote && found.release === release);
        const seen = visitors.find((found) => found.remote === remote && found.release === release);
        releases.push({
          release,
          builtAt: record?.builtAt ? beijing(record.builtAt) : '',
          commit: record?.commit ? record.commit.id.slice(0, 12) : null,
          dirty: record?.commit?.dirty ?? false,
          react: record?.shared?.react?.version ?? null,
          platform: record?.platform ?? null,
          firstViewGzip: record?.size ? record.size.firstView.js.gzip + record.size.firstView.css.gzip : null,
          state,
          problems: shell ? compatibilityProblems(record, shell.provides) : [],
          stats: {
            views: counted?.views ?? 0,
            ssrFailures: counted?.ssrFailures ?? 0,
            clientErrors: counted?.clientErrors ?? 0,
            visitors: seen?.visitors ?? 0,
            failedVisitors: seen?.failed ?? 0,
          },
        });
      }
      remotes.push({
        remote,
        title: TITLES[remote],
        external,
        active,
        previous: row?.previous ?? null,
        canary:
          served.canary && row?.canary === served.canary.release
            ? { release: served.canary.release, percent: served.canary.percent, since: row.canary_since ?? '' }
            : null,
        releases,
      });
    }
    return {
      remotes,
      events,
      canaryPolicy: {
        maxErrorRate: this.config.releases.maxErrorPercent / 100,
        minViews: this.config.releases.minViews,
        minVisitors: this.config.releases.minVisitors,
      },
    };
  }

  /** Serves `release` to everyone (ends a canary). */
  async activate(remote: RemoteName, release: string, actor: string): Promise<void> {
    await this.admit(remote, release, actor);
    await this.switch(remote, (row) => {
      if (row.active === release && row.canary === null) throw failure(`${release} 已经是当前版本`);
      return {
        pointer: {
          active: release,
          previous: row.active === release ? row.previous : row.active,
          canary: null,
          canaryPercent: 0,
        },
        event: { action: 'activate', from: row.active, to: release, actor },
        fresh: release,
      };
    });
  }

  /** Serves `release` to `percent` % of visitors, the rest keep the active one. */
  async canary(remote: RemoteName, release: string, percent: number, actor: string): Promise<void> {
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) throw failure('灰度比例必须是 1 到 99 之间的整数');
    await this.admit(remote, release, actor);
    await this.switch(remote, (row) => {
      if (row.active === null) throw failure('还没有当前版本，请直接启用');
      if (row.active === release) throw failure(`${release} 已经是当前版本，不能作为灰度版本`);
      return {
        pointer: { active: row.active, previous: row.previous, canary: release, canaryPercent: percent },
        event: { action: 'canary', from: row.active, to: release, percent, actor },
        fresh: row.canary === release ? null : release,
      };
    });
  }

  /** The canary becomes the active release for everyone. */
  async promote(remote: RemoteName, actor: string): Promise<void> {
    const row = await this.pointerRow(remote);
    if (!row?.canary) throw failure('没有正在灰度的版本');
    // Checked again: the shell may have changed since the canary started.
    await this.admit(remote, row.canary, actor, { smoke: false });
    await this.switch(remote, (locked) => {
      if (locked.canary !== row.canary) throw failure('灰度版本刚刚发生了变化，请刷新后再试');
      return {
        pointer: { active: locked.canary, previous: locked.active, canary: null, canaryPercent: 0 },
        event: { action: 'promote', from: locked.active, to: locked.canary, actor },
        fresh: null,
      };
    });
  }

  /** Ends a running canary; without one, goes back to the release that was active before. */
  async rollback(remote: RemoteName, actor: string): Promise<void> {
    const row = await this.pointerRow(remote);
    if (row?.canary) {
      await this.switch(remote, (locked) => {
        if (!locked.canary) throw failure('灰度版本刚刚发生了变化，请刷新后再试');
        return {
          pointer: { active: locked.active, previous: locked.previous, canary: null, canaryPercent: 0 },
          event: { action: 'abandon', from: locked.canary, to: locked.active, actor },
          fresh: null,
        };
      });
      return;
    }
    const target = row?.previous;
    if (!target) throw failure('没有可以回滚到的上一个版本');
    await this.admit(remote, target, actor);
    await this.switch(remote, (locked) => {
      if (locked.previous !== target || locked.canary) throw failure('版本刚刚发生了变化，请刷新后再试');
      return {
        pointer: { active: target, previous: locked.active, canary: null, canaryPercent: 0 },
        event: { action: 'rollback', from: locked.active, to: target, actor },
        fresh: target,
      };
    });
  }

  /**
   * A browser's report of a remote that did not load or an uncaught error: counted against the release when it
   * carries the report token of a page of that release (CanaryVisits), at most a few per address a minute.
   * Answers whether it was counted.
   */
  reportClientError(req: IncomingMessage, report: ClientErrorReport, ip: string): boolean {
    const now = Date.now();
    let reporter = this.reporters.get(ip);
    if (!reporter || reporter.until <= now) {
      if (this.reporters.size >= MAX_REPORTERS) this.reporters.clear();
      reporter = { count: 0, until: now + 60_000 };
      this.reporters.set(ip, reporter);
    }
    if (++reporter.count > REPORTS_PER_MINUTE) return false;
    const served = this.remotes.served(report.remote);
    if (report.release !== served.active && report.release !== served.canary?.release) return false;
    if (!this.visits.report(req, report)) return false;
    this.reportLog.note(
      `${report.remote}@${report.release} ${report.kind}`,
      `browser reported ${report.kind} in ${report.remote} release ${report.release}: ${(report.message ?? '').slice(0, 200)}`,
    );
    return true;
  }

  /** The gate; a refusal is recorded (who tried what) and answered as an envelope error naming every problem. */
  private async admit(remote: RemoteName, release: string, actor: string, options = { smoke: true }): Promise<void> {
    const problems = await this.gate.problems(remote, release, options);
    if (problems.length === 0) return;
    const row = await this.pointerRow(remote);
    await insertEvent(this.db, {
      remote,
      action: 'refused',
      from: row?.active ?? null,
      to: release.slice(0, 41),
      actor,
      detail: problems.join('；'),
    }).catch(() => undefined);
    throw failure(`不能启用版本 ${release}：${problems.join('；')}`);
  }

  private pointerRow(remote: RemoteName): Promise<PointerRow | undefined> {
    return findPointer(this.db, remote);
  }

  /** Who switched a release, for its audit entry: the administrator's e-mail. */
  async actorOf(adminId: number): Promise<string> {
    return (await findAdminEmail(this.db, adminId)) ?? `管理员 #${adminId}`;
  }

  /**
   * One switch: the pointer locked, changed and recorded in one transaction (announced to every instance at
   * commit), the new release's counts started afresh; then this instance reads the pointer at once. `decide`
   * answers `null` when there is nothing to change; answers whether anything was.
   */
  private async switch(
    remote: RemoteName,
    decide: (row: PointerRow) => {
      pointer: PointerChange;
      event: Omit<Parameters<typeof insertEvent>[1], 'remote'> | null;
      fresh: string | null;
    } | null,
  ): Promise<boolean> {
    const written = await this.db.transaction(async (manager) => {
      const row = await lockPointer(manager, remote);
      const change = decide(row);
      if (!change) return null;
      await writePointer(manager, remote, change.pointer, row);
      if (change.event) await insertEvent(manager, { ...change.event, remote });
      if (change.fresh) await resetStats(manager, remote, change.fresh);
      await pruneVisitors(manager, remote);
      return change.pointer;
    });
    if (!written) return false;
    await this.afterSwitch(remote, written);
    return true;
  }

  /** This instance serves the new pointer at once; the build is told which releases it must keep. */
  private async afterSwitch(
    remote: RemoteName,
    pointer: { active: string | null; previous: string | null; canary: string | null },
  ): Promise<void> {
    await this.remotes.changed();
    const inUse = [pointer.active, pointer.previous, pointer.canary].filter((id): id is string => id !== null);
    await this.files.markInUse(remote, inUse).catch(() => undefined);
  }

  private async flushCounts(): Promise<void> {
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
  private async judgeCanaries(): Promise<void> {
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
        await this.afterSwitch(row.remote, { active: row.active, previous: row.previous, canary: null });
      }
    }
  }

  /**
   * The build command switches `current.json` to each release it builds: a release named there that was not
   * taken in yet goes through the gate and becomes active, or is refused and recorded. Each is taken in once (a
   * later rollback is not undone by the file still naming the newer release).
   */
  private async importBuilds(): Promise<void> {
    // The files first: an idle server reads the database only when a file names something not seen taken in.
    const named = new Map<RemoteName, string>();
    for (const remote of REMOTE_NAMES) {
      const url = this.config.frontend.remotes[remote].url;
      if (url && !url.includes('{release}')) continue;
      const release = await this.files.currentFile(remote);
      if (release && release !== this.imported.get(remote)) named.set(remote, release);
    }
    if (named.size === 0) return;
    const pointers = await listPointers(this.db);
    for (const [remote, release] of named) {
      const row = pointers.find((found) => found.remote === remote);
      if (release === row?.imported) {
        this.imported.set(remote, release);
        continue;
      }
      const problems = await this.gate.problems(remote, release, { smoke: true });
      const changed = await this.switch(remote, (locked) => {
        if (locked.imported === release) return null;
        if (problems.length > 0) {
          return {
            pointer: {
              active: locked.active,
              previous: locked.previous,
              canary: locked.canary,
              canaryPercent: locked.canary_percent,
              imported: release,
            },
            event: {
              action: 'refused',
              from: locked.active,
              to: release,
              actor: ACTOR.build,
              detail: problems.join('；'),
            },
            fresh: null,
          };
        }
        const activated = locked.active !== release;
        return {
          pointer: {
            active: release,
            previous: activated ? locked.active : locked.previous,
            canary: null,
            canaryPercent: 0,
            imported: release,
          },
          event: activated ? { action: 'activate', from: locked.active, to: release, actor: ACTOR.build } : null,
          fresh: activated ? release : null,
        };
      });
      this.imported.set(remote, release);
      if (changed && problems.length > 0) {
        this.logger.error(`Remote ${remote} release ${release} refused: ${problems.join('; ')}`);
      }
    }
  }

  private quiet(what: string, error: unknown): void {
    // The database away (an outage, the server stopping): the next round tries again, counts are kept.
    if (isDatabaseUnavailable(error)) return;
    this.reportLog.note(what, `release ${what} work failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** An ISO time as `yyyy-MM-dd HH:mm` in UTC+8. */
function beijing(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}
