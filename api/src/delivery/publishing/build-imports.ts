import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { REMOTE_NAMES, type RemoteName } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ReleaseFiles } from '../releases/release-files.js';
import { ReleaseStore, ReleaseUnavailable } from '../releases/release-store.js';
import { ReleaseGate } from './release-gate.js';
import { ACTOR, ReleaseSwitches } from './release-switches.js';
import { listPointers } from '../releases/release.queries.js';

/**
 * Takes in the release the build command named in `current.json` (docs/architecture.md "Releases"): into the media
 * store, then through the same gate and switch as the back office. Called every round by ReleaseRounds.
 */
@Injectable()
export class BuildImports {
  private readonly logger = new Logger('Releases');
  /** Per remote, the release of `current.json` known to be taken in (or refused) already. */
  private readonly imported = new Map<RemoteName, string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly files: ReleaseFiles,
    private readonly store: ReleaseStore,
    private readonly gate: ReleaseGate,
    private readonly switches: ReleaseSwitches,
  ) {}

  /**
   * The build command switches `current.json` to each release it builds: a release named there that was not
   * taken in yet is stored, goes through the gate and becomes active, or is refused and recorded. Each is taken in
   * once (a later rollback is not undone by the file still naming the newer release). A store or database that
   * cannot be reached fails the round: the next one tries again.
   */
  async importBuilds(): Promise<void> {
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
      let problems: string[];
      try {
        await this.store.importBuild(remote, release);
        problems = await this.gate.problems(remote, release, { smoke: true });
      } catch (error) {
        if (!(error instanceof ReleaseUnavailable) || error.kind === 'transient') throw error;
        problems = [error.reason];
      }
      const changed = await this.switches.switch(remote, (locked) => {
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
}
