import { Injectable } from '@nestjs/common';
import type { RemoteName } from '@site/shared-types';
import type { StatsDelta } from './release.queries.js';

/** More distinct releases than this between two flushes is not a real site: further ones are not counted. */
const MAX_KEYS = 64;

/**
 * Pages served and failures seen per release in this process since the last flush (docs/architecture.md
 * "Releases"); the release service adds them to the database every couple of seconds, where every instance's
 * counts meet and the canary is judged.
 */
@Injectable()
export class ReleaseCounters {
  private counts = new Map<string, StatsDelta>();

  view(remote: RemoteName, release: string): void {
    const entry = this.entry(remote, release);
    if (entry) entry.views++;
  }

  ssrFailure(remote: RemoteName, release: string): void {
    const entry = this.entry(remote, release);
    if (entry) entry.ssrFailures++;
  }

  clientError(remote: RemoteName, release: string): void {
    const entry = this.entry(remote, release);
    if (entry) entry.clientErrors++;
  }

  /** The counts so far, and a fresh start. */
  take(): StatsDelta[] {
    const taken = [...this.counts.values()];
    this.counts = new Map();
    return taken;
  }

  /** Counts that could not be written go back (the database was away): added to the next flush. */
  putBack(deltas: readonly StatsDelta[]): void {
    for (const delta of deltas) {
      const entry = this.entry(delta.remote, delta.release);
      if (!entry) continue;
      entry.views += delta.views;
      entry.ssrFailures += delta.ssrFailures;
      entry.clientErrors += delta.clientErrors;
    }
  }

  private entry(remote: RemoteName, release: string): StatsDelta | null {
    if (release === 'external') return null;
    const key = `${remote}@${release}`;
    let entry = this.counts.get(key);
    if (!entry) {
      if (this.counts.size >= MAX_KEYS) return null;
      entry = { remote, release, views: 0, ssrFailures: 0, clientErrors: 0 };
      this.counts.set(key, entry);
    }
    return entry;
  }
}
