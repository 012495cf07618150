import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  REMOTE_NAMES,
  type ReleaseRow,
  type ReleaseState,
  type ReleasesOverview,
  type RemoteName,
  type RemoteReleases,
} from '@site/shared-types';
import { compatibilityProblems } from '@site/shared-types/release';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { RemotesService } from '../releases/remotes.service.js';
import { ReleaseFiles } from '../releases/release-files.js';
import { ReleaseStore } from '../releases/release-store.js';
import { listEvents, listPointers, listStats, listVisitorCounts } from '../releases/release.queries.js';

const TITLES: Record<RemoteName, string> = { mf_desktop: '桌面站', mf_mobile: '手机站', mf_admin: '管理后台' };

const EVENTS_SHOWN = 50;

/**
 * What the back office's 版本发布 and `npm run release -- list` show (docs/behaviour.md#remote-releases): every
 * remote's releases (the newest in the media store, and this machine's builds) with their records, state, compatibility problems and counts, the pointer as this
 * instance serves it, the latest switches, and the canary policy.
 */
@Injectable()
export class ReleasesOverviewService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly files: ReleaseFiles,
    private readonly store: ReleaseStore,
    private readonly remotes: RemotesService,
  ) {}

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
      for (const { release, record } of external
        ? []
        : await this.store.kept(remote, [active, row?.previous, served.canary?.release])) {
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
}

/** An ISO time as `yyyy-MM-dd HH:mm` in UTC+8. */
function beijing(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}
