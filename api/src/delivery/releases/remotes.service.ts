import { promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RemotePointer } from '@site/shared-types';
import { compatibilityProblems } from '@site/shared-types/release';
import { DataSource } from 'typeorm';
import { APP_CONFIG, REMOTE_NAMES, type AppConfig, type RemoteName } from '../../config/config.js';
import { ReleaseFiles, RELEASE_ID } from './release-files.js';
import { releaseKey, ReleaseStore } from './release-store.js';
import { listPointers, type PointerRow } from './release.queries.js';

export { RELEASE_ID } from './release-files.js';

/** How long a read of the pointers is used before it is renewed while changes are not announced… */
const POINTER_TTL_MS = 1000;
/**
 * …and while they are (a change is read at once when announced; this only bounds a missed announcement), unless
 * the last read could not serve what the pointer names (its files not to be had yet: the store away, say).
 */
const ANNOUNCED_TTL_MS = 30_000;
/** The visitor's canary bucket (0–99): sticky, so a visitor keeps one release across pages and reloads. */
export const BUCKET_COOKIE = 'site_bucket';
const BUCKET_MAX_AGE_SECONDS = 90 * 24 * 3600;

/** What a server render needs of one remote release: its server entry and the stylesheets of `./App`. */
export interface ServerRelease {
  /** `file:` URL of `releases/<id>/server/remoteEntry.js`. */
  serverEntry: string;
  /** The CSS the exposed `./App` loads, in the head so the first paint is styled (see {@link PageStyle}). */
  styles: PageStyle[];
  /**
   * The scripts the browser needs to run `./App` (its container and the exposed module's chunks), fetched without
   * running once the page is quiet (docs/decisions.md "Islands").
   */
  scripts: string[];
}

/**
 * A stylesheet of a server-rendered page: its URL, and its text when it is inlined. A release's own small
 * stylesheets are inlined (docs/decisions.md "First view on phones"), which saves the round trip a phone would wait for
 * before the first paint; one that refers to other files (`url()`, `@import`) or could close the `<style>`
 * element is linked instead.
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
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: {
    path?: string;
    assets?: { css?: { sync?: string[]; async?: string[] }; js?: { sync?: string[] } };
  }[];
}

interface Served {
  release: string;
  entry: string;
}

/** What each remote serves: its active release, and a canary with the share of visitors it gets. */
type Snapshot = Partial<Record<RemoteName, { active: Served | null; canary: (Served & { percent: number }) | null }>>;

/** A visitor's releases: the pointer inlined in the page, and its text for the page cache's key. */
export interface VisitorReleases {
  pointer: RemotePointer;
  stamp: string;
}

/**
 * The remote pointer (docs/architecture.md "Releases"): which release of each remote a page uses. The pointer
 * lives in PostgreSQL (`remote_release`), read at start and at once when a change is announced (every second
 * while announcements cannot arrive); before anything is recorded there, the build command's `current.json` names
 * the release. What it names is checked again here against the shell that serves, and its files are copied from
 * the media store before the new pointer is used (a release the shell cannot run, or whose files cannot be had or
 * do not match their manifest, is not served: the previous one or the newest one that passes is), so whoever wrote
 * the pointer, a bad release never reaches a visitor. A canary goes to the visitors whose bucket (a cookie) is below
 * its share.
 */
@Injectable()
export class RemotesService implements OnModuleInit {
  private readonly logger = new Logger('Remotes');
  private snapshot: { at: number; remotes: Snapshot; everyone: VisitorReleases; degraded: boolean } | null = null;
  /** The read under way served something else than a release the pointer names. */
  private degraded = false;
  /** The read under way: concurrent callers share it. */
  private reading: Promise<void> | null = null;
  /** A change was announced since the read under way started: it reads again once done. */
  private stale = false;
  private readonly reported = new Set<string>();
  private readonly serverReleases = new Map<string, Promise<ServerRelease | null>>();
  private readonly visitors = new WeakMap<IncomingMessage, VisitorReleases>();
  private readonly checks = new Map<string, boolean>();
  private announced: () => boolean = () => false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly files: ReleaseFiles,
    private readonly store: ReleaseStore,
  ) {}

  /** The pointer is known from the start, so the first pages are cached under the releases they use. */
  async onModuleInit(): Promise<void> {
    await this.refresh();
  }

  /** This server's copies of the releases of `name`: `<id>/web/…` is what `/remotes/<name>/<id>/…` sends. */
  releasesDir(name: RemoteName): string {
    return this.store.copiesDir(name);
  }

  /**
   * Goes before the static files of `/remotes/<name>/`: a release this server has no copy of yet (a switch made
   * through another server, a page another one rendered) is copied from the media store first. A release that
   * cannot be had is then the static files' 404.
   */
  copyOnDemand(name: RemoteName): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
    return (req, _res, next) => {
      const release = /^\/([^/?]+)\//.exec(req.url ?? '')?.[1];
      if (!release || !RELEASE_ID.test(release)) return next();
      this.store.local(name, release).then(
        () => next(),
        () => next(),
      );
    };
  }

  /** `listening` tells whether the database's announcements of a change reach this process now. */
  announcedBy(listening: () => boolean): void {
    this.announced = listening;
  }

  /**
   * A pointer changed (announced by the database, or written here): read it again now. A read already under way
   * may have read the rows before the change: it reads once more, and the answer waits for that.
   */
  changed(): Promise<void> {
    this.snapshot = this.snapshot && { ...this.snapshot, at: 0 };
    this.stale = true;
    return this.refresh();
  }

  /** Reads the pointers (once for concurrent callers). */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      do {
        this.stale = false;
        await this.read();
      } while (this.stale);
    })().finally(() => (this.reading = null));
    return this.reading;
  }

  /** The releases everyone who is not in a canary gets (the shell's retry and the release list use it). */
  async pointer(): Promise<RemotePointer> {
    if (!this.snapshot) await this.refresh();
    return this.current().everyone.pointer;
  }

  /** The release of `name` that everyone not in a canary is served, and the canary if one runs. */
  served(name: RemoteName): { active: string | null; canary: { release: string; percent: number } | null } {
    const remote = this.current().remotes[name];
    return {
      active: remote?.active?.release ?? null,
      canary: remote?.canary ? { release: remote.canary.release, percent: remote.canary.percent } : null,
    };
  }

  /**
   * Whether a canary runs: pages then differ by the visitor's cookie (`Vary: Cookie`, so a shared cache in front
   * does not hand one visitor's release to another).
   */
  canaryRunning(): boolean {
    const { remotes } = this.current();
    return REMOTE_NAMES.some((name) => remotes[name]?.canary);
  }

  /**
   * The releases for this request's visitor, decided once per request (the page cache and the page agree). With
   * a canary running, a visitor without a bucket gets one, and `res` the cookie that keeps it.
   */
  forVisitor(req: IncomingMessage, res?: ServerResponse): VisitorReleases {
    const known = this.visitors.get(req);
    if (known) return known;
    const { remotes, everyone } = this.current();
    let chosen = everyone;
    const canaries = REMOTE_NAMES.filter((name) => remotes[name]?.canary);
    if (canaries.length > 0) {
      const bucket = this.bucketOf(req, res);
      const pointer: RemotePointer = { remotes: { ...everyone.pointer.remotes } };
      for (const name of canaries) {
        const canary = remotes[name]!.canary!;
        if (bucket < canary.percent) pointer.remotes[name] = { entry: canary.entry, release: canary.release };
      }
      chosen = { pointer, stamp: stampOf(pointer) };
    }
    this.visitors.set(req, chosen);
    return chosen;
  }

  private bucketOf(req: IncomingMessage, res?: ServerResponse): number {
    const found = new RegExp(`(?:^|;\\s*)${BUCKET_COOKIE}=(\\d{1,2})(?:;|$)`).exec(req.headers.cookie ?? '');
    if (found) return Number(found[1]);
    const bucket = Math.floor(Math.random() * 100);
    if (res && !res.headersSent) {
      res.appendHeader(
        'Set-Cookie',
        `${BUCKET_COOKIE}=${bucket}; Path=/; Max-Age=${BUCKET_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly`,
      );
    }
    return bucket;
  }

  /** The last read (renewed in the background once it is old: a second, or 30 s while changes are announced). */
  private current(): { remotes: Snapshot; everyone: VisitorReleases } {
    const ttl = this.announced() && !this.snapshot?.degraded ? ANNOUNCED_TTL_MS : POINTER_TTL_MS;
    if (!this.snapshot || Date.now() - this.snapshot.at >= ttl) void this.refresh().catch(() => undefined);
    return this.snapshot ?? { remotes: {}, everyone: { pointer: { remotes: {} }, stamp: '' } };
  }

  private async read(): Promise<void> {
    let rows: PointerRow[] | null;
    try {
      rows = await listPointers(this.db);
    } catch (error) {
      // The database is away: the pointers in use stay in use; without any yet, the files say.
      this.reportOnce('database', `cannot read the release pointers (${(error as Error).message})`);
      if (this.snapshot) {
        this.snapshot = { ...this.snapshot, at: Date.now() };
        return;
      }
      rows = [];
    }
    this.reported.delete('database');
    this.degraded = false;
    const remotes: Snapshot = {};
    for (const name of REMOTE_NAMES) {
      remotes[name] = await this.resolve(
        name,
        rows.find((row) => row.remote === name),
      );
    }
    const pointer: RemotePointer = { remotes: {} };
    for (const name of REMOTE_NAMES) {
      const active = remotes[name]?.active;
      if (active) pointer.remotes[name] = { entry: active.entry, release: active.release };
    }
    this.snapshot = {
      at: Date.now(),
      remotes,
      everyone: { pointer, stamp: stampOf(pointer) },
      degraded: this.degraded,
    };
  }

  private async resolve(name: RemoteName, row: PointerRow | undefined): Promise<Snapshot[RemoteName]> {
    const url = this.config.frontend.remotes[name].url;
    if (url && !url.includes('{release}')) return { active: { entry: url, release: 'external' }, canary: null };
    // Once the database has a pointer it says; before (a first start), the build command's file does.
    const wanted = row ? row.active : await this.files.currentFile(name);
    let active: string | null = null;
    if (wanted && (await this.servable(name, wanted))) {
      active = wanted;
    } else {
      this.degraded = true;
      const kept = (await this.store.kept(name).catch(() => [])).map((found) => found.release);
      for (const candidate of [row?.previous, ...kept]) {
        // The first release the build named, refused by the gate, is not served by way of the fallback either.
        const refused = row && row.active === null ? row.imported : null;
        if (candidate && candidate !== wanted && candidate !== refused && (await this.servable(name, candidate))) {
          active = candidate;
          break;
        }
      }
      this.reportOnce(
        `${name}@${wanted ?? ''}`,
        wanted
          ? `Remote ${name}: release ${wanted} cannot be served here (missing, its files cannot be had, or the shell cannot run it); serving ${active ?? 'nothing'}`
          : `Remote ${name} has no published release; run npm run build`,
      );
    }
    let canary: (Served & { percent: number }) | null = null;
    if (row?.canary && active && row.canary !== active) {
      if (await this.servable(name, row.canary)) {
        canary = { release: row.canary, entry: this.entryOf(name, row.canary), percent: row.canary_percent };
      } else {
        this.degraded = true;
        this.reportOnce(`${name}@${row.canary}`, `Remote ${name}: canary ${row.canary} cannot be served here`);
      }
    }
    return { active: active ? { release: active, entry: this.entryOf(name, active) } : null, canary };
  }

  /**
   * Whether a release is known (stored, or built on this machine), the serving shell can run it (the gate's checks
   * without the smoke render), and this server has a copy of its files (made now if need be, from the store).
   */
  private async servable(name: RemoteName, release: string): Promise<boolean> {
    const shell = await this.files.shellRecord();
    const key = `${name}@${release} ${JSON.stringify(shell?.provides ?? null)}`;
    const known = this.checks.get(key);
    if (known !== undefined) return known;
    const found = await this.store.find(name, release);
    if (!found) return false;
    const ok = !shell || compatibilityProblems(found.record, shell.provides).length === 0;
    // A copy that cannot be made now is tried again at the next read.
    if (
      ok &&
      !(await this.store.local(name, release).then(
        () => true,
        () => false,
      ))
    )
      return false;
    if (this.checks.size >= 256) this.checks.clear();
    this.checks.set(key, ok);
    return ok;
  }

  /**
   * Where the browser loads a release's manifest: the CDN origin of `REMOTE_<NAME>_URL` (with `{release}`), or its
   * store key below `REMOTE_PUBLIC_BASE_URL`, or this server's `/remotes/`.
   */
  entryOf(name: RemoteName, release: string): string {
    const url = this.config.frontend.remotes[name].url;
    if (url?.includes('{release}')) return url.replaceAll('{release}', release);
    const base = this.config.frontend.remotePublicBaseUrl;
    if (base) return `${base}/${releaseKey(name, release, 'web/mf-manifest.json')}`;
    return `/remotes/${name}/${release}/mf-manifest.json`;
  }

  /**
   * The server build of a release, from this server's copy (made first if need be), or `null` (no server build, a
   * fixed remote on another origin, files that cannot be had). Releases never change, so the answer is kept per
   * release once found.
   */
  serverRelease(name: RemoteName, release: string): Promise<ServerRelease | null> {
    const url = this.config.frontend.remotes[name].url;
    if ((url && !url.includes('{release}')) || !RELEASE_ID.test(release)) return Promise.resolve(null);
    const key = `${name}@${release}`;
    let found = this.serverReleases.get(key);
    if (!found) {
      found = this.readServerRelease(name, release);
      if (this.serverReleases.size >= 64) this.serverReleases.clear();
      this.serverReleases.set(key, found);
    }
    return found;
  }

  private async readServerRelease(name: RemoteName, release: string): Promise<ServerRelease | null> {
    const dir = await this.store.local(name, release).catch(() => null);
    if (!dir) {
      // Not kept: the next render asks again.
      this.serverReleases.delete(`${name}@${release}`);
      return null;
    }
    const entry = path.join(dir, 'server', 'remoteEntry.js');
    const base = this.entryOf(name, release).replace(/mf-manifest\.json$/, '');
    try {
      await fs.access(entry);
      const manifest = JSON.parse(await fs.readFile(path.join(dir, 'web', 'mf-manifest.json'), 'utf8')) as Manifest;
      const assets = manifest.exposes?.find((expose) => expose.path === './App')?.assets;
      const css = assets?.css;
      const files = [...(css?.sync ?? []), ...(css?.async ?? [])];
      const container = manifest.metaData?.remoteEntry;
      const containerFile = container?.name ? `${container.path ? `${container.path}/` : ''}${container.name}` : null;
      return {
        serverEntry: pathToFileURL(entry).href,
        scripts: [...(containerFile ? [containerFile] : []), ...(assets?.js?.sync ?? [])].map((file) => base + file),
        styles: await Promise.all(
          [...new Set(files)].map((file) => pageStyle(path.join(dir, 'web'), `${base}${file}`, file)),
        ),
      };
    } catch {
      return null;
    }
  }

  private reportOnce(key: string, message: string): void {
    if (this.reported.has(key)) return;
    if (this.reported.size >= 256) this.reported.clear();
    this.reported.add(key);
    this.logger.warn(message);
  }
}

function stampOf(pointer: RemotePointer): string {
  return Object.entries(pointer.remotes)
    .map(([name, entry]) => `${name}@${entry.release}`)
    .join(',');
}
