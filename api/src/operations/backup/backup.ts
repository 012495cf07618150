import { promises as fs, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { UPLOADS_PREFIX, VARIANTS_PREFIX, type MediaStore } from '../../core/media/media-store.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  readArchive,
  writeArchive,
  type ArchiveHead,
  type Manifest,
} from './archive.js';
import { BackupError, dumpDatabase, restoreDatabase } from './database-dump.js';

/** What a backup is made of: a database and the uploads in the media store. */
export interface SiteData {
  databaseUrl: string;
  media: MediaStore;
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
 * Makes one archive of the site's data at `outFile`: the database first (one snapshot, staged on disk), then the
 * uploads, listed after it, so every file a row of the snapshot names is there (uploads are only ever added); each
 * upload is read from the store once, straight into the archive. Answers its manifest.
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
    const head: ArchiveHead = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: now.toISOString(),
      migration: database.migrations.at(-1) ?? null,
      database,
    };
    return await writeArchive(outFile, head, staging, data.media);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

export interface RestoreTarget {
  /** Where the uploads go; its image variants are deleted, as they may be of replaced pictures. */
  media: MediaStore;
  /** Opens the target database only once the archive is known to be sound (the embedded one may be created). */
  openDatabase(): Promise<{ url: string; close(): Promise<void> }>;
  force: boolean;
  /** Adds rows of its own once the archive's are loaded, in the same transaction (the restore's audit record). */
  afterLoad?: (client: pg.ClientBase) => Promise<void>;
}

/**
 * Restores an archive, all or nothing: it is unpacked and every checksum checked first; the media store's uploads
 * and the database must be empty (or `force`); the database is loaded in one transaction, and the archive's
 * uploads are written into the store just before that transaction commits (the ones that were not there are
 * deleted again if it fails). Once committed, with `force`, uploads the archive does not hold are deleted.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'yunfan-restore-'));
  const { media } = target;
  try {
    const manifest = await readArchive(file, staging);
    const present = await keysOf(media, UPLOADS_PREFIX);
    if (!target.force && present.length > 0) {
      throw new BackupError(
        `The media store ${media.where} already holds ${present.length} uploads. Restore goes only into an empty ` +
          'site: choose another DATA_DIR (or bucket), or add --force to replace its uploads.',
      );
    }
    const restored = manifest.uploads.map((upload) => UPLOADS_PREFIX + upload.path);
    const before = new Set(present);
    const added = restored.filter((key) => !before.has(key));
    const database = await target.openDatabase();
    try {
      await restoreDatabase(database.url, staging, manifest.database, {
        force: target.force,
        beforeCommit: async (client) => {
          await target.afterLoad?.(client);
          // Names are random or versioned, so an object already there under one of these names has these bytes.
          for (const upload of manifest.uploads) {
            const bytes = await fs.readFile(path.join(staging, 'uploads', ...upload.path.split('/')));
            await media.put(UPLOADS_PREFIX + upload.path, bytes);
          }
        },
        afterRollback: () => media.remove(added),
      });
      const kept = new Set(restored);
      await media.remove(present.filter((key) => !kept.has(key)));
      await media.remove(await keysOf(media, VARIANTS_PREFIX));
    } finally {
      await database.close();
    }
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function keysOf(media: MediaStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of media.list(prefix)) keys.push(key);
  return keys;
}

/** Deletes the oldest scheduled archives in `dir` beyond the newest `keep`; answers the names deleted. */
export async function pruneScheduled(dir: string, keep: number): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => SCHEDULED.test(name)).sort();
  const doomed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of doomed) await fs.rm(path.join(dir, name), { force: true });
  return doomed;
}
