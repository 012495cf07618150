import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { BoundedLog } from '../../core/bounded-log.js';
import { isDatabaseUnavailable } from '../../core/database-errors.js';
import { unlessStopping } from '../../core/server-stopping.js';
import { CanaryVisits } from '../releases/canary-visits.js';
import { BuildImports } from './build-imports.js';
import { ReleaseStatsFlush } from './release-stats-flush.js';

/** How often counts are written, canaries judged and the build's `current.json` looked at. */
const TICK_MS = 2000;

/**
 * The release service's background work (docs/architecture.md "Releases"), in rounds while `releases.watch` is on:
 * writes the counts per release, rolls back a canary whose error rate crosses the threshold (ReleaseStatsFlush),
 * and takes in a release the build command named in `current.json` (BuildImports). A failed step is logged and
 * tried again next round.
 */
@Injectable()
export class ReleaseRounds implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Releases');
  private readonly reportLog = new BoundedLog((line) => this.logger.warn(line));
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly visits: CanaryVisits,
    private readonly stats: ReleaseStatsFlush,
    private readonly imports: BuildImports,
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
      await this.stats.flushCounts().catch((error: unknown) => this.quiet('counts', error));
      await this.stats.judgeCanaries().catch((error: unknown) => this.quiet('canary', error));
      await this.imports.importBuilds().catch((error: unknown) => this.quiet('import', error));
    })().finally(() => (this.ticking = null));
    return this.ticking;
  }

  private quiet(what: string, error: unknown): void {
    // The database away (an outage, the server stopping): the next round tries again, counts are kept.
    if (isDatabaseUnavailable(error)) return;
    // A round the server's own stop cut short (Ctrl-C reaches the embedded PostgreSQL too) is not news either.
    unlessStopping(() =>
      this.reportLog.note(
        what,
        `release ${what} work failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  }
}
