import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { pipeline as pipelineCallback, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { createGunzip, createGzip } from 'node:zlib';
import { createTarDecoder, createTarPacker, type TarPackController } from 'modern-tar';
import { MediaUnavailable, UPLOADS_PREFIX, type MediaStore } from '../../core/media/media-store.js';
import { pathExists } from '../../core/path-exists.js';
import { BackupError, type DatabaseDump } from './database-dump.js';

/**
 * One backup is one `.tar.gz` (readable with any `tar`):
 *
 *     database/<table>.copy  each table's rows in COPY text format (database-dump.ts)
 *     uploads/…              the uploaded media, as below /uploads/ (the media store's `uploads/` objects)
 *     manifest.json          what the archive holds, with a SHA-256 of every other file (last: the uploads'
 *                            checksums are taken while they are written; archives made before put it first)
 *
 * It is written under a temporary name beside its final one and renamed when complete and flushed, so a crash
 * never leaves half an archive under the final name. Reading checks every checksum before anything is restored.
 */

export const ARCHIVE_FORMAT = 'yunfan-site-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export interface UploadEntry {
  /** Below `/uploads/` (the media store's key without `uploads/`). */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The site's version that made it (api/package.json). */
  appVersion: string;
  createdAt: string;
  /** The last migration of the schema (also the last of `database.migrations`). */
  migration: string | null;
  database: DatabaseDump;
  uploads: UploadEntry[];
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** What an archive holds besides its uploads, which are listed while they are written. */
export type ArchiveHead = Omit<Manifest, 'uploads'>;

/**
 * Writes the archive to `outFile` atomically and answers its manifest: the staged database files (under
 * `stagingDir`), then every upload in the media store, each read once, its size and SHA-256 taken while it goes
 * into the archive, and last the manifest listing them all (readers unpack everything before reading it). Nothing
 * is held whole: each file passes through as it is read. An upload deleted between the listing and its reading is
 * not part of the backup (only a restore deletes uploads); one that changed size meanwhile fails the backup.
 */
export async function writeArchive(
  outFile: string,
  head: ArchiveHead,
  stagingDir: string,
  media: MediaStore,
): Promise<Manifest> {
  await fs.mkdir(path.dirname(outFile), { recursive: true });
  const partial = `${outFile}.${randomBytes(4).toString('hex')}.partial`;
  const mtime = new Date(head.createdAt);
  const { readable, controller } = createTarPacker();
  const written = pipeline(
    Readable.fromWeb(readable as ReadableStream<Uint8Array>),
    createGzip(),
    createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
  );
  const fill = async (): Promise<Manifest> => {
    for (const table of head.database.tables) {
      await addEntry(controller, table.file, table.bytes, mtime, createReadStream(path.join(stagingDir, table.file)));
    }
    const uploads: UploadEntry[] = [];
    for await (const { key, size } of media.list(UPLOADS_PREFIX)) {
      const body = await media.read(key);
      if (!body) continue;
      const hash = createHash('sha256');
      const name = key.slice(UPLOADS_PREFIX.length);
      await addEntry(controller, `uploads/${name}`, size, mtime, fromStore(body, key, media), hash);
      uploads.push({ path: name, bytes: size, sha256: hash.digest('hex') });
    }
    const manifest: Manifest = { ...head, uploads };
    const text = Buffer.from(JSON.stringify(manifest, null, 2) + '\n', 'utf8');
    await addEntry(controller, 'manifest.json', text.length, mtime, [text]);
    controller.finalize();
    return manifest;
  };
  try {
    const [manifest] = await Promise.all([
      fill().catch((error: unknown) => {
        controller.error(error);
        throw error;
      }),
      written,
    ]);
    const handle = await fs.open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(partial, outFile);
    return manifest;
  } catch (error) {
    // Whichever side failed first, the other has stopped too before the partial file goes.
    await Promise.allSettled([written]);
    await fs.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Adds one file of `size` bytes to the archive from `body`, passing each piece to `hash` on the way; a body longer
 * or shorter than `size` fails the backup.
 */
async function addEntry(
  controller: TarPackController,
  name: string,
  size: number,
  mtime: Date,
  body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  hash?: Hash,
): Promise<void> {
  const writer = controller.add({ name, size, mtime, mode: 0o644, type: 'file' }).getWriter();
  let bytes = 0;
  for await (const chunk of body) {
    bytes += chunk.length;
    if (bytes > size) break;
    hash?.update(chunk);
    await writer.write(chunk);
  }
  if (bytes !== size) {
    throw new BackupError(`${name} changed while it was backed up (${size} bytes listed, ${bytes} or more read).`);
  }
  await writer.close();
}

/** An object's bytes; a failure while reading them says which object and store. */
async function* fromStore(body: Readable, key: string, media: MediaStore): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of body) yield chunk as Uint8Array;
  } catch (error) {
    throw new MediaUnavailable(`Cannot read ${key} from ${media.where}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Unpacks `file` into the empty folder `stagingDir` and checks it whole: the manifest's format, and the size and
 * SHA-256 of every file it lists, with no file missing or added. Answers the manifest; throws a `BackupError`
 * saying what is wrong with a damaged or foreign archive.
 */
export async function readArchive(file: string, stagingDir: string): Promise<Manifest> {
  const damaged = (why: string) => new BackupError(`${file} is not a usable backup archive: ${why}.`);
  if (!(await pathExists(file))) throw new BackupError(`${file} does not exist.`);
  try {
    await unpack(file, stagingDir);
  } catch (error) {
    if (error instanceof BackupError) throw damaged(error.message);
    throw damaged(`it cannot be unpacked (${(error as Error).message})`);
  }

  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(stagingDir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw damaged('manifest.json is missing or unreadable');
  }
  if (manifest.format !== ARCHIVE_FORMAT || !manifest.database || !Array.isArray(manifest.uploads)) {
    throw damaged('manifest.json does not describe a backup of this site');
  }
  if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw damaged(`its format version ${manifest.formatVersion} is not ${ARCHIVE_FORMAT_VERSION}`);
  }

  const expected = new Map<string, { bytes: number; sha256: string }>();
  for (const table of manifest.database.tables) expected.set(table.file, table);
  for (const upload of manifest.uploads) expected.set(`uploads/${upload.path}`, upload);
  for (const name of expected.keys()) {
    if (name.split('/').some((part) => part === '..' || part === '')) throw damaged(`it names the path ${name}`);
  }

  const found = (await fs.readdir(stagingDir, { recursive: true }))
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => name !== 'manifest.json');
  for (const name of found) {
    const stat = await fs.lstat(path.join(stagingDir, name));
    if (stat.isDirectory()) continue;
    if (!stat.isFile() || !expected.has(name)) throw damaged(`it holds ${name}, which its manifest does not list`);
  }
  for (const [name, want] of expected) {
    const stagedFile = path.join(stagingDir, ...name.split('/'));
    let bytes: number;
    try {
      bytes = (await fs.stat(stagedFile)).size;
    } catch {
      throw damaged(`${name} is missing`);
    }
    if (bytes !== want.bytes || (await sha256(stagedFile)) !== want.sha256) {
      throw damaged(`${name} does not match its checksum`);
    }
  }
  return manifest;
}

/**
 * Unpacks the regular files of a `.tar.gz` into `dir` (folders are made as needed; links and devices are refused,
 * and so is a name leaving `dir`). Web streams carry a damaged gzip's or tar's error to the loop, so it fails
 * instead of waiting for ever. The file is gunzipped by Node's zlib stream, which reads only as fast as the files
 * are written (the web DecompressionStream, fed from the file, read the whole archive into memory ahead of them).
 */
async function unpack(file: string, dir: string): Promise<void> {
  // The callback form answers the last stream, which any stage's error destroys with that error.
  const gunzipped = pipelineCallback(createReadStream(file), createGunzip(), () => undefined);
  const entries = (Readable.toWeb(gunzipped) as ReadableStream<Uint8Array>).pipeThrough(
    createTarDecoder({ strict: true }),
  );
  for await (const entry of entries) {
    const name = entry.header.name.replace(/^(\.\/)+/, '').replace(/\/+$/, '');
    if (entry.header.type === 'directory' || name === '' || name === '.') {
      await entry.body.cancel();
      continue;
    }
    if (entry.header.type !== 'file') throw new BackupError(`it holds ${name}, which is not a plain file`);
    if (name.startsWith('/') || name.split('/').some((part) => part === '..' || part === '')) {
      throw new BackupError(`it names the path ${name}`);
    }
    const target = path.join(dir, ...name.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await pipeline(Readable.fromWeb(entry.body), createWriteStream(target, { flags: 'wx' }));
  }
}
