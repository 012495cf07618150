import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import type { ReleaseRecord, ShellRecord } from '@site/shared-types/release';
import { APP_CONFIG, type AppConfig, type RemoteName } from '../../config/config.js';

/** A release id as the release command makes them (also what keeps a name from climbing out of its folder). */
export const RELEASE_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;

/** How long the shell's record is reused. */
const SHELL_TTL_MS = 1000;

export interface KeptRelease {
  release: string;
  /** When it was stored, or for a build not stored yet its folder's time: the order of the release list. */
  time: number;
}

/**
 * This machine's builds (docs/architecture.md "Releases"): the build command's folder `<dir>/releases/<id>/` with
 * each release's record (`release.json`), `<dir>/current.json` (the build command's proposal), and the serving
 * shell's record (`shell.json`). A build is served once it is taken into the media store (ReleaseStore); this is
 * where it is taken from. A release folder never changes, so a record read once is kept.
 */
@Injectable()
export class ReleaseFiles {
  private readonly records = new Map<string, ReleaseRecord>();
  private shell: { at: number; record: Promise<ShellRecord | null> } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  buildDir(remote: RemoteName, release: string): string {
    return path.join(this.config.frontend.remotes[remote].dir, 'releases', release);
  }

  /** The releases in the build folder, newest first. */
  async builds(remote: RemoteName): Promise<KeptRelease[]> {
    const dir = path.join(this.config.frontend.remotes[remote].dir, 'releases');
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    const kept = await Promise.all(
      entries
        .filter((entry) => entry.isDirectory() && RELEASE_ID.test(entry.name))
        .map(async (entry) => ({
          release: entry.name,
          time: (await fs.stat(path.join(dir, entry.name)).catch(() => null))?.mtimeMs ?? 0,
        })),
    );
    return kept.sort((a, b) => b.time - a.time || b.release.localeCompare(a.release));
  }

  /** Whether the build folder holds a release with a browser build. */
  async inBuild(remote: RemoteName, release: string): Promise<boolean> {
    if (!RELEASE_ID.test(release)) return false;
    return fs
      .access(path.join(this.buildDir(remote, release), 'web', 'mf-manifest.json'))
      .then(() => true)
      .catch(() => false);
  }

  /** A build's record as written (not checked: the gate reads it), or `null` when it has none. */
  async buildRecord(remote: RemoteName, release: string): Promise<ReleaseRecord | null> {
    if (!RELEASE_ID.test(release)) return null;
    const key = `${remote}@${release}`;
    const known = this.records.get(key);
    if (known) return known;
    const record = await readRecord(this.buildDir(remote, release));
    if (record) {
      if (this.records.size >= 256) this.records.clear();
      this.records.set(key, record);
    }
    return record;
  }

  /** What the serving shell gives the remotes (`shell.json` of its build), or `null` without one. */
  shellRecord(): Promise<ShellRecord | null> {
    if (this.shell && Date.now() - this.shell.at < SHELL_TTL_MS) return this.shell.record;
    const record = fs
      .readFile(path.join(this.config.frontend.shellDir, 'shell.json'), 'utf8')
      .then((text) => JSON.parse(text) as ShellRecord)
      .catch(() => null);
    this.shell = { at: Date.now(), record };
    return record;
  }

  /** The release the build command's `current.json` names, or `null` (none, unreadable, a bad id). */
  async currentFile(remote: RemoteName): Promise<string | null> {
    try {
      const file = path.join(this.config.frontend.remotes[remote].dir, 'current.json');
      const { release } = JSON.parse(await fs.readFile(file, 'utf8')) as { release?: unknown };
      return typeof release === 'string' && RELEASE_ID.test(release) ? release : null;
    } catch {
      return null;
    }
  }

  /**
   * Tells the build command which releases the pointer still uses (`<dir>/in-use.json`): it prunes old releases
   * but never these (shell/platform/release.mjs).
   */
  async markInUse(remote: RemoteName, releases: readonly string[]): Promise<void> {
    const file = path.join(this.config.frontend.remotes[remote].dir, 'in-use.json');
    const text = `${JSON.stringify({ releases: [...new Set(releases)].sort() })}\n`;
    if ((await fs.readFile(file, 'utf8').catch(() => null)) === text) return;
    await fs.writeFile(`${file}.${process.pid}.tmp`, text);
    await fs.rename(`${file}.${process.pid}.tmp`, file);
  }
}

/** The record (`release.json`) in a release folder, or `null` when it has none or it is not JSON. */
export async function readRecord(dir: string): Promise<ReleaseRecord | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, 'release.json'), 'utf8')) as ReleaseRecord;
  } catch {
    return null;
  }
}
