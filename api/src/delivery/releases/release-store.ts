import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReleaseRecord } from '@site/shared-types/release';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig, type RemoteName } from '../../config/config.js';
import { MEDIA_STORE, MediaUnavailable, RELEASES_PREFIX, type MediaStore } from '../../core/media/media-store.js';
import { readRecord, ReleaseFiles, RELEASE_ID } from './release-files.js';
import {
  findStoredRelease,
  insertStoredRelease,
  listStoredReleases,
  type StoredReleaseRow,
} from './release.queries.js';

/** The manifest of a stored release, beside its files: every file with its size and SHA-256. */
export const MANIFEST_FILE = 'manifest.json';
/** Below DATA_DIR: this server's copies of the releases it serves, one folder per remote and release. */
const COPIES_FOLDER = 'release-copies';
/** Objects read or written at once for one release. */
const CONCURRENCY = 8;
/** A release that could not be had is not asked of the store again for this long (each request would). */
const RETRY_AFTER_MS = 10_000;
/** A copy left half made (a crash) is deleted at start once it is this old (another process may be making it). */
const UNFINISHED_MIN_AGE_MS = 5 * 60_000;
/** The stored releases the release list shows (besides this machine's builds). */
const LISTED = 20;
/** A path inside a release: plain names, as the media store's keys allow. */
const FILE_PATH = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** What `manifest.json` says: the release and each of its files. Written once; its SHA-256 is in the database. */
export interface ReleaseManifest {
  format: 1;
  remote: RemoteName;
  release: string;
  files: { path: string; size: number; sha256: string }[];
}

/** A release the release list shows: stored, or a build of this machine not stored yet. */
export interface KnownRelease {
  release: string;
  /** When it was stored (or its build folder's time): newest first. */
  time: number;
  record: ReleaseRecord | null;
}

/**
 * A release's files cannot be had here: `reason` says why in Chinese (the gate's refusal), the message in English
 * (the log). `kind`: `missing`, no such release; `refused`, its files are not what they must be (a file that does
 * not match the manifest, another release under the same id, a name the store cannot keep); `transient`, the store
 * or the database could not be reached, and asking again later may do.
 */
export class ReleaseUnavailable extends Error {
  constructor(
    readonly kind: 'missing' | 'refused' | 'transient',
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReleaseUnavailable';
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The key of a release's file in the media store (also its path below REMOTE_PUBLIC_BASE_URL). */
export function releaseKey(remote: RemoteName, release: string, file: string): string {
  return `${RELEASES_PREFIX}${remote}/${release}/${file}`;
}

/**
 * The remote releases in the media store (docs/architecture.md "Releases"): each release stored once, under
 * `releases/<remote>/<id>/`, with a manifest of its files' SHA-256 and a row of `remote_release_build` holding the
 * manifest's own. Every server serves a release from a copy of its own under DATA_DIR, made on first use from the
 * store: each file checked against the manifest, a release whose file does not match refused (and logged), never
 * served; one copy at a time per release in a process, whoever asks. A build of this machine (ReleaseFiles) is
 * taken into the store before it is switched on, and may be served from its folder before that.
 */
@Injectable()
export class ReleaseStore implements OnModuleInit {
  private readonly logger = new Logger('Releases');
  /** Stored releases never change: a row read once is kept. */
  private readonly rows = new Map<string, StoredReleaseRow>();
  /** Copies made or being made, per release: concurrent callers share one. */
  private readonly copies = new Map<string, Promise<string>>();
  private readonly failures = new Map<string, { at: number; error: ReleaseUnavailable }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(MEDIA_STORE) private readonly media: MediaStore,
    private readonly files: ReleaseFiles,
  ) {}

  /** Deletes the copies a crash left half made. */
  async onModuleInit(): Promise<void> {
    const root = path.join(this.config.dataDir, COPIES_FOLDER);
    for (const remote of await fs.readdir(root).catch(() => [])) {
      for (const name of await fs.readdir(path.join(root, remote)).catch(() => [])) {
        if (!name.endsWith('.part')) continue;
        const folder = path.join(root, remote, name);
        const stat = await fs.stat(folder).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs >= UNFINISHED_MIN_AGE_MS) {
          await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
        }
      }
    }
  }

  /** The folder of this server's copies of a remote's releases (`<folder>/<id>/web/…` is what `/remotes/` sends). */
  copiesDir(remote: RemoteName): string {
    return path.join(this.config.dataDir, COPIES_FOLDER, remote);
  }

  /** The release's row when it is in the store, else `null`. Throws when the database cannot be read. */
  async stored(remote: RemoteName, release: string): Promise<StoredReleaseRow | null> {
    if (!RELEASE_ID.test(release)) return null;
    const key = `${remote}@${release}`;
    const known = this.rows.get(key);
    if (known) return known;
    const row = await findStoredRelease(this.db, remote, release);
    if (!row) return null;
    if (this.rows.size >= 256) this.rows.clear();
    this.rows.set(key, row);
    return row;
  }

  /**
   * What is known of a release: its record, from the store's row, this machine's build or this server's copy;
   * `null` when it is none of these. The database being away leaves the build and the copy.
   */
  async find(remote: RemoteName, release: string): Promise<{ record: ReleaseRecord | null } | null> {
    if (!RELEASE_ID.test(release)) return null;
    const row = await this.stored(remote, release).catch(() => null);
    if (row) return { record: row.record };
    if (await this.files.inBuild(remote, release)) return { record: await this.files.buildRecord(remote, release) };
    const copy = path.join(this.copiesDir(remote), release);
    if (await isFolder(copy)) return { record: await readRecord(copy) };
    return null;
  }

  /**
   * The release list: the newest stored releases, those in `named` (the pointer's) however old, and this machine's
   * builds, newest first.
   */
  async kept(remote: RemoteName, named: readonly (string | null | undefined)[] = []): Promise<KnownRelease[]> {
    const stored = await listStoredReleases(this.db, remote, LISTED);
    for (const release of named) {
      if (!release || stored.some((row) => row.release === release)) continue;
      const row = await this.stored(remote, release);
      if (row) stored.push(row);
    }
    const known = new Map<string, KnownRelease>(
      stored.map((row) => [row.release, { release: row.release, time: row.stored_at, record: row.record }]),
    );
    for (const build of await this.files.builds(remote)) {
      if (known.has(build.release)) continue;
      known.set(build.release, { ...build, record: await this.files.buildRecord(remote, build.release) });
    }
    return [...known.values()].sort((a, b) => b.time - a.time || b.release.localeCompare(a.release));
  }

  /**
   * Takes a build of this machine into the store if it is not there yet, and answers its row; `null` when the
   * release is neither stored nor built here. A release that is already stored costs a look at its manifest.
   */
  async importBuild(remote: RemoteName, release: string): Promise<StoredReleaseRow | null> {
    // A build of this machine is stored (again, if the store lost it) whether or not the database has its row.
    if (await this.files.inBuild(remote, release)) {
      return (await this.importFolder(remote, this.files.buildDir(remote, release))).row;
    }
    return this.storedOrUnavailable(remote, release);
  }

  /**
   * Stores the release folder `dir` (named by its id; `web/`, `server/`, `release.json`): every file, then the
   * manifest, then its row, so a release in the database is whole in the store. A release stored already with the
   * same files is left as it is (`uploaded` false), unless `rewrite` asks to write its objects again (what the
   * release command does: it mends objects changed in the store since; `again` says it was stored before); one
   * stored with other files under the same id is refused.
   */
  async importFolder(
    remote: RemoteName,
    dir: string,
    options: { rewrite?: boolean } = {},
  ): Promise<{ row: StoredReleaseRow; uploaded: boolean; again: boolean }> {
    const release = path.basename(path.resolve(dir));
    if (!RELEASE_ID.test(release)) {
      throw new ReleaseUnavailable(
        'refused',
        `“${release.slice(0, 50)}”不是有效的版本号`,
        `not a release folder: ${dir}`,
      );
    }
    const { manifest, record } = await readBuild(remote, release, dir);
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    const digest = sha256(Buffer.from(text));
    const before = await this.storedOrUnavailable(remote, release);
    if (before) this.sameOrRefused(before, digest);
    let uploaded = false;
    await this.write(`store release ${remote}@${release}`, async () => {
      // Stored already: written again only if the store lost it (its manifest, written last, is not there).
      if (before && !options.rewrite && (await this.media.stat(releaseKey(remote, release, MANIFEST_FILE)))) return;
      uploaded = true;
      await eachLimited(manifest.files, CONCURRENCY, async (file) => {
        const bytes = await fs.readFile(path.join(dir, ...file.path.split('/')));
        // Read again for the upload: the folder changed since it was read if this differs.
        if (sha256(bytes) !== file.sha256) throw new Error(`${file.path} changed while it was stored`);
        await this.media.put(releaseKey(remote, release, file.path), bytes);
      });
      await this.media.put(releaseKey(remote, release, MANIFEST_FILE), Buffer.from(text));
    });
    const row =
      before ??
      (await insertStoredRelease(this.db, {
        remote,
        release,
        manifest_sha256: digest,
        record,
        files: manifest.files.length,
        bytes: manifest.files.reduce((sum, file) => sum + file.size, 0),
      }));
    if (uploaded) {
      this.logger.log(`Release ${remote}@${release} stored in ${this.media.where} (${manifest.files.length} files)`);
      // A copy refused a moment ago is tried again at once.
      this.failures.delete(`${remote}@${release}`);
    }
    return { row: this.sameOrRefused(row, digest), uploaded, again: before !== null };
  }

  /**
   * The folder of this server's copy of a release, made first if need be (concurrent callers share one): from the
   * store, every file checked against the manifest; or, for a release not stored, from this machine's build.
   * Throws a {@link ReleaseUnavailable} when it cannot be had, and for a while after that.
   */
  local(remote: RemoteName, release: string): Promise<string> {
    if (!RELEASE_ID.test(release)) {
      return Promise.reject(new ReleaseUnavailable('missing', `版本号“${release.slice(0, 50)}”无效`, 'bad release id'));
    }
    const key = `${remote}@${release}`;
    const failed = this.failures.get(key);
    if (failed && Date.now() - failed.at < RETRY_AFTER_MS) return Promise.reject(failed.error);
    let copy = this.copies.get(key);
    if (!copy) {
      copy = this.copy(remote, release);
      if (this.copies.size >= 256) this.copies.clear();
      this.copies.set(key, copy);
      copy.catch((error: unknown) => {
        this.copies.delete(key);
        if (error instanceof ReleaseUnavailable && error.kind !== 'missing') {
          if (this.failures.size >= 256) this.failures.clear();
          this.failures.set(key, { at: Date.now(), error });
        }
      });
    }
    return copy;
  }

  private async copy(remote: RemoteName, release: string): Promise<string> {
    const dir = path.join(this.copiesDir(remote), release);
    if (await isFolder(dir)) return dir;
    let row: StoredReleaseRow | null = null;
    let lookup: unknown = null;
    try {
      row = await this.stored(remote, release);
    } catch (error) {
      lookup = error;
    }
    if (row) return this.fetch(row, dir);
    if (await this.files.inBuild(remote, release)) {
      await settle(dir, (temporary) => fs.cp(this.files.buildDir(remote, release), temporary, { recursive: true }));
      return dir;
    }
    if (lookup) {
      throw new ReleaseUnavailable(
        'transient',
        `暂时无法读取版本 ${release} 的记录`,
        `cannot look up release ${remote}@${release}: ${(lookup as Error).message}`,
      );
    }
    throw new ReleaseUnavailable(
      'missing',
      `没有找到版本 ${release} 的文件`,
      `release ${remote}@${release} is not stored`,
    );
  }

  /** Copies a stored release, checking the manifest against its row and every file against the manifest. */
  private async fetch(row: StoredReleaseRow, dir: string): Promise<string> {
    const { remote, release } = row;
    const refuse = (file: string, found: string | null) => {
      const error = new ReleaseUnavailable(
        'refused',
        found === null
          ? `版本 ${release} 的文件 ${file} 不在媒体存储中，已拒绝使用`
          : `版本 ${release} 在媒体存储中的文件 ${file} 与它的清单不符，已拒绝使用`,
        `Release ${remote}@${release}: ${file} ` +
          (found === null
            ? `is missing from ${this.media.where}`
            : `in ${this.media.where} does not match its manifest (${found})`) +
          '; the release is refused here',
      );
      this.logger.error(error.message);
      return error;
    };
    try {
      await settle(dir, async (temporary) => {
        const text = await this.media.readBytes(releaseKey(remote, release, MANIFEST_FILE));
        if (!text) throw refuse(MANIFEST_FILE, null);
        const digest = sha256(text);
        if (digest !== row.manifest_sha256) throw refuse(MANIFEST_FILE, `SHA-256 ${digest}`);
        const manifest = parseManifest(text, remote, release);
        if (!manifest) throw refuse(MANIFEST_FILE, 'not a manifest');
        await eachLimited(manifest.files, CONCURRENCY, async (file) => {
          const bytes = await this.media.readBytes(releaseKey(remote, release, file.path));
          if (!bytes) throw refuse(file.path, null);
          const found = sha256(bytes);
          if (found !== file.sha256 || bytes.length !== file.size) throw refuse(file.path, `SHA-256 ${found}`);
          const target = path.join(temporary, ...file.path.split('/'));
          await fs.mkdir(path.dirname(target), { recursive: true });
          await fs.writeFile(target, bytes);
        });
        await fs.writeFile(path.join(temporary, MANIFEST_FILE), text);
      });
      return dir;
    } catch (error) {
      if (!(error instanceof MediaUnavailable)) throw error;
      throw new ReleaseUnavailable(
        'transient',
        `暂时无法从媒体存储读取版本 ${release} 的文件`,
        `cannot copy release ${remote}@${release}: ${error.message}`,
      );
    }
  }

  private async storedOrUnavailable(remote: RemoteName, release: string): Promise<StoredReleaseRow | null> {
    try {
      return await this.stored(remote, release);
    } catch (error) {
      throw new ReleaseUnavailable(
        'transient',
        `暂时无法读取版本 ${release} 的记录`,
        `cannot look up release ${remote}@${release}: ${(error as Error).message}`,
      );
    }
  }

  private sameOrRefused(row: StoredReleaseRow, digest: string): StoredReleaseRow {
    if (row.manifest_sha256 === digest) return row;
    throw new ReleaseUnavailable(
      'refused',
      `版本 ${row.release} 已经存入媒体存储，文件与这次的不同：一个版本号只能对应一份文件`,
      `release ${row.remote}@${row.release} is stored already with other files`,
    );
  }

  private async write(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      throw new ReleaseUnavailable(
        error instanceof MediaUnavailable ? 'transient' : 'refused',
        `版本文件无法存入媒体存储（${this.media.where}）`,
        `cannot ${what}: ${(error as Error).message}`,
      );
    }
  }
}

/** Reads a release folder for the store: its manifest (every file's size and SHA-256, in path order) and record. */
async function readBuild(
  remote: RemoteName,
  release: string,
  dir: string,
): Promise<{ manifest: ReleaseManifest; record: ReleaseRecord | null }> {
  const refuse = (reason: string, message: string) => new ReleaseUnavailable('refused', reason, `${dir}: ${message}`);
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => null);
  if (!entries) throw new ReleaseUnavailable('missing', `没有找到版本 ${release} 的文件`, `${dir}: no such folder`);
  const files: ReleaseManifest['files'] = [];
  for (const entry of entries.filter((found) => found.isFile())) {
    const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (!FILE_PATH.test(file) || file === MANIFEST_FILE) {
      throw refuse(`版本 ${release} 中的文件名 ${file.slice(0, 80)} 不能存入媒体存储`, `cannot store ${file}`);
    }
    const bytes = await fs.readFile(path.join(dir, ...file.split('/')));
    files.push({ path: file, size: bytes.length, sha256: sha256(bytes) });
  }
  if (!files.some((file) => file.path === 'web/mf-manifest.json')) {
    throw refuse(`版本 ${release} 没有浏览器端的构建（web/mf-manifest.json）`, 'no web/mf-manifest.json');
  }
  const record = await readRecord(dir);
  // Its id is the folder's (a release may be copied under another name); its remote must be this one.
  if (record && typeof record.remote === 'string' && record.remote !== remote) {
    throw refuse(
      `版本 ${release} 是 ${record.remote} 的构建，不是 ${remote} 的`,
      `release.json names ${record.remote}`,
    );
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { manifest: { format: 1, remote, release, files }, record };
}

/** The manifest in `text` when it is one, of this release, naming only plain paths; otherwise `null`. */
export function parseManifest(text: Uint8Array, remote: RemoteName, release: string): ReleaseManifest | null {
  let manifest: Partial<ReleaseManifest>;
  try {
    manifest = JSON.parse(Buffer.from(text).toString('utf8')) as Partial<ReleaseManifest>;
  } catch {
    return null;
  }
  const fine =
    manifest.format === 1 &&
    manifest.remote === remote &&
    manifest.release === release &&
    Array.isArray(manifest.files) &&
    manifest.files.every(
      (file) =>
        typeof file?.path === 'string' &&
        FILE_PATH.test(file.path) &&
        file.path !== MANIFEST_FILE &&
        Number.isSafeInteger(file.size) &&
        file.size >= 0 &&
        typeof file.sha256 === 'string' &&
        SHA256.test(file.sha256),
    );
  return fine ? (manifest as ReleaseManifest) : null;
}

async function isFolder(dir: string): Promise<boolean> {
  return (await fs.stat(dir).catch(() => null))?.isDirectory() ?? false;
}

/**
 * Makes `dir` whole or not at all: `fill` writes into a folder of its own beside it, renamed to `dir` once done
 * (removed on failure). When another process made `dir` meanwhile, its copy stays and this one is dropped.
 */
async function settle(dir: string, fill: (temporary: string) => Promise<unknown>): Promise<void> {
  const temporary = `${dir}.${randomBytes(6).toString('hex')}.part`;
  try {
    await fs.mkdir(temporary, { recursive: true });
    await fill(temporary);
    await fs.rename(temporary, dir).catch(async (error: NodeJS.ErrnoException) => {
      if (!(await isFolder(dir))) throw error;
    });
  } finally {
    await fs.rm(temporary, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Runs `work` on every item, `limit` at a time; after a failure no new item is started, and the first failure is
 * thrown once every started item is done (so nothing is still writing when the caller cleans up).
 */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}
