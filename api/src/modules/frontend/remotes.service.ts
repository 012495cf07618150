import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { RemotePointer } from '@site/shared-types';
import { APP_CONFIG, REMOTE_NAMES, type AppConfig, type RemoteName } from '../../config/config.js';

/** How long a read of the release pointers is reused: a new release is live within a second. */
const POINTER_TTL_MS = 1000;
const RELEASE_ID = /^[a-z0-9][a-z0-9-]{0,40}$/;

/** What a server render needs of one remote release: its server entry and the stylesheets of `./App`. */
export interface ServerRelease {
  /** `file:` URL of `releases/<id>/server/remoteEntry.js`. */
  serverEntry: string;
  /** The CSS the exposed `./App` loads, in the head so the first paint is styled (see {@link PageStyle}). */
  styles: PageStyle[];
}

/**
 * A stylesheet of a server-rendered page: its site-relative URL, and its text when it is inlined. A release's
 * own small stylesheets are inlined (docs/decisions.md "First view"), which saves the round trip a phone would
 * wait for before the first paint; one that refers to other files (`url()`, `@import`) or could close the
 * `<style>` element is linked instead.
 */
export interface PageStyle {
  href: string;
  text: string | null;
}

/** Above this a stylesheet is linked (cached across pages) rather than sent again in every page. */
const INLINE_MAX_BYTES = 48 * 1024;

async function pageStyle(dir: string, href: string, file: string): Promise<PageStyle> {
  const text = await fs.readFile(path.join(dir, file), 'utf8').catch(() => null);
  const inline = text !== null && text.length <= INLINE_MAX_BYTES && !/url\(|@import|<\/style/i.test(text);
  return { href, text: inline ? text : null };
}

interface Manifest {
  exposes?: { path?: string; assets?: { css?: { sync?: string[]; async?: string[] } } }[];
}

/**
 * The remote pointer: which `mf-manifest.json` each remote runs from. By default the current release of each
 * remote package (`<package>/dist/current.json`, written by its release command) served under `/remotes/`;
 * `REMOTE_<NAME>_URL` points a remote at another origin instead.
 */
@Injectable()
export class RemotesService implements OnModuleInit {
  private readonly logger = new Logger('Remotes');
  private cached: { at: number; pointer: RemotePointer; stamp: string } | null = null;
  /** The read under way: concurrent callers share it (a busy server would otherwise read the files per request). */
  private reading: Promise<RemotePointer> | null = null;
  private readonly missing = new Set<string>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The pointer is known from the start, so the first pages are cached under the releases they use. */
  async onModuleInit(): Promise<void> {
    await this.pointer();
  }

  private readonly serverReleases = new Map<string, Promise<ServerRelease | null>>();

  releasesDir(name: RemoteName): string {
    return path.join(this.config.frontend.remotes[name].dir, 'releases');
  }

  /**
   * The server build of a local release, or `null` (no server build, a remote on another origin). Release
   * folders never change, so the answer is kept per release.
   */
  serverRelease(name: RemoteName, release: string): Promise<ServerRelease | null> {
    if (this.config.frontend.remotes[name].url || !RELEASE_ID.test(release)) return Promise.resolve(null);
    const key = `${name}@${release}`;
    let found = this.serverReleases.get(key);
    if (!found) {
      found = this.readServerRelease(name, release);
      this.serverReleases.set(key, found);
    }
    return found;
  }

  private async readServerRelease(name: RemoteName, release: string): Promise<ServerRelease | null> {
    const dir = path.join(this.releasesDir(name), release);
    const entry = path.join(dir, 'server', 'remoteEntry.js');
    try {
      await fs.access(entry);
      const manifest = JSON.parse(await fs.readFile(path.join(dir, 'web', 'mf-manifest.json'), 'utf8')) as Manifest;
      const css = manifest.exposes?.find((expose) => expose.path === './App')?.assets?.css;
      const files = [...(css?.sync ?? []), ...(css?.async ?? [])];
      return {
        serverEntry: pathToFileURL(entry).href,
        styles: await Promise.all(
          [...new Set(files)].map((file) =>
            pageStyle(path.join(dir, 'web'), `/remotes/${name}/${release}/${file}`, file),
          ),
        ),
      };
    } catch {
      return null;
    }
  }

  /**
   * The releases in use, as text (part of a cached page's key): answered at once from the last read, which is
   * renewed in the background once it is older than a second, so a new release is in use within about a second.
   */
  releasesStamp(): string {
    if (!this.cached || Date.now() - this.cached.at >= POINTER_TTL_MS) void this.pointer().catch(() => undefined);
    return this.cached?.stamp ?? '';
  }

  pointer(): Promise<RemotePointer> {
    if (this.cached && Date.now() - this.cached.at < POINTER_TTL_MS) return Promise.resolve(this.cached.pointer);
    this.reading ??= this.readPointer().finally(() => (this.reading = null));
    return this.reading;
  }

  private async readPointer(): Promise<RemotePointer> {
    const remotes: RemotePointer['remotes'] = {};
    for (const name of REMOTE_NAMES) {
      const entry = await this.entryOf(name);
      if (entry) remotes[name] = entry;
    }
    const pointer = { remotes };
    const stamp = Object.entries(remotes)
      .map(([name, entry]) => `${name}@${entry.release}`)
      .join(',');
    this.cached = { at: Date.now(), pointer, stamp };
    return pointer;
  }

  private async entryOf(name: RemoteName): Promise<{ entry: string; release: string } | null> {
    const external = this.config.frontend.remotes[name].url;
    if (external) return { entry: external, release: 'external' };
    const file = path.join(this.config.frontend.remotes[name].dir, 'current.json');
    try {
      const { release } = JSON.parse(await fs.readFile(file, 'utf8')) as { release?: unknown };
      if (typeof release !== 'string' || !RELEASE_ID.test(release)) throw new Error(`bad release id in ${file}`);
      this.missing.delete(name);
      return { entry: `/remotes/${name}/${release}/mf-manifest.json`, release };
    } catch (error) {
      if (!this.missing.has(name)) {
        this.missing.add(name);
        this.logger.warn(`Remote ${name} has no published release (${(error as Error).message}); run npm run build`);
      }
      return null;
    }
  }
}
