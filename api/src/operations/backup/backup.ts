import { randomBytes } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  listUploads,
  readArchive,
  writeArchive,
  type Manifest,
} from './archive.js';
import { BackupError, dumpDatabase, restoreDatabase } from './database-dump.js';

/** What a backup is made of: a database and the uploads folder beside it. */
export interface SiteData {
  databaseUrl: string;
  uploadsDir: string;
}

/** `yunfan-site-20260102T030000Z.tar.gz`; scheduled ones end in `.scheduled.tar.gz` (the only ones pruned). */
export function archiveName(at: Date, scheduled = false): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `yunfan-site-${stamp}${scheduled ? '.scheduled' : ''}.tar.gz`;
}

const SCHEDULED = /^yunfan-site-\d{8}T\d{6}Z\.scheduled\.tar\.gz$/;

function appVersion(): string {
  try {
    const file = new URL('../../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * Makes one archive of the site's data at `outFile`: the database first (one snapshot), then the uploads, so every
 * file a row of the snapshot names is there (uploads are only ever added). Answers its manifest.
 */
export async function createBackup(data: SiteData, outFile: string, now = new Date()): Promise<Manifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'yunfan-backup-'));
  try {
    const client = new pg.Client({ connectionString: data.databaseUrl, application_name: 'yunfan-site-backup' });
    await client.connect();
    let database: Manifest['database'];
    try {
      database = await dumpDatabase(client, staging);
    } finally {
      await client.end();
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: now.toISOString(),
      migration: database.migrations.at(-1) ?? null,
      database,
      uploads: await listUploads(data.uploadsDir),
    };
    await writeArchive(outFile, manifest, staging, data.uploadsDir);
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreTarget {
  uploadsDir: string;
  /** Made from the uploads and kept beside them (image variants): emptied, as they may be of the replaced files. */
  derivedDirs: string[];
  /** Opens the target database only once the archive is known to be sound (the embedded one may be created). */
  openDatabase(): Promise<{ url: string; close(): Promise<void> }>;
  force: boolean;
}

/**
 * Restores an archive, all or nothing: it is unpacked and every checksum checked first; the uploads folder and
 * the database must be empty (or `force`); the database is loaded in one transaction, and the new uploads folder
 * takes the old one's place just before that transaction commits (and goes back if the commit fails).
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'yunfan-restore-'));
  try {
    const manifest = await readArchive(file, staging);
    if (!target.force && (await hasFiles(target.uploadsDir))) {
      throw new BackupError(
        `The uploads folder ${target.uploadsDir} is not empty. Restore goes only into an empty data folder: ` +
          'choose another DATA_DIR, or add --force to replace its uploads.',
      );
    }
    const database = await target.openDatabase();
    try {
      const swap = new FolderSwap(path.join(staging, 'uploads'), target.uploadsDir);
      await restoreDatabase(database.url, staging, manifest.database, {
        force: target.force,
        beforeCommit: () => swap.apply(),
        afterRollback: () => swap.undo(),
      });
      await swap.finish();
      for (const dir of target.derivedDirs) await fs.rm(dir, { recursive: true, force: true });
    } finally {
      await database.close();
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function hasFiles(dir: string): Promise<boolean> {
  try {
    const names = await fs.readdir(dir, { recursive: true });
    for (const name of names) if ((await fs.lstat(path.join(dir, name))).isFile()) return true;
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Puts the restored uploads in place of the current folder by renames beside it (copied there first when the
 * staging folder is on another file system), keeping the old folder until the database has committed.
 */
class FolderSwap {
  private readonly suffix = randomBytes(4).toString('hex');
  private readonly incoming: string;
  private readonly outgoing: string;
  private moved = false;
  private hadOld = false;

  constructor(
    private readonly source: string,
    private readonly target: string,
  ) {
    this.incoming = `${target}.restoring-${this.suffix}`;
    this.outgoing = `${target}.replaced-${this.suffix}`;
  }

  async apply(): Promise<void> {
    await fs.mkdir(path.dirname(this.target), { recursive: true });
    await fs.mkdir(this.source, { recursive: true });
    try {
      await fs.rename(this.source, this.incoming);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await fs.cp(this.source, this.incoming, { recursive: true });
    }
    try {
      await fs.rename(this.target, this.outgoing);
      this.hadOld = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await fs.rename(this.incoming, this.target);
    this.moved = true;
  }

  async undo(): Promise<void> {
    if (this.moved) await fs.rm(this.target, { recursive: true, force: true });
    await fs.rm(this.incoming, { recursive: true, force: true });
    if (this.hadOld) await fs.rename(this.outgoing, this.target);
  }

  async finish(): Promise<void> {
    await fs.rm(this.outgoing, { recursive: true, force: true });
  }
}

/** Deletes the oldest scheduled archives in `dir` beyond the newest `keep`; answers the names deleted. */
export async function pruneScheduled(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => SCHEDULED.test(name)).sort();
  const doomed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of doomed) await fs.rm(path.join(dir, name), { force: true });
  return doomed;
}
