import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { FileWriter, UNFINISHED } from './file-writer.js';
import {
  checkKey,
  RELEASES_PREFIX,
  UPLOADS_PREFIX,
  VARIANTS_PREFIX,
  type ByteRange,
  type MediaInfo,
  type MediaStore,
} from './media-store.js';

const FOLDERS = [UPLOADS_PREFIX, VARIANTS_PREFIX, RELEASES_PREFIX];

const missing = (error: unknown) => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

/**
 * The media as files under DATA_DIR, as they always were: `uploads/…`, `image-variants/…` and `releases/…`, one file
 * per key.
 * Writes go through the {@link FileWriter} (whole or nothing); a file still being written is never listed.
 */
export class LocalMediaStore implements MediaStore {
  static readonly UNFINISHED_MIN_AGE_MS = 5 * 60_000;
  readonly kind = 'local';
  private readonly logger = new Logger('Media');

  constructor(
    private readonly root: string,
    private readonly writer: FileWriter = new FileWriter(),
  ) {}

  get where(): string {
    return this.root;
  }

  /** At start, deletes what a crash left half-written (see {@link sweep}). */
  async open(): Promise<void> {
    const removed = await this.sweep();
    if (removed > 0) this.logger.warn(`Deleted ${removed} unfinished file(s) left by an interrupted write`);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.writer.write(this.file(key), bytes);
  }

  async stat(key: string): Promise<MediaInfo | null> {
    try {
      const stat = await fs.stat(this.file(key));
      if (!stat.isFile()) return null;
      // The file's name never changes its content, so its size and time tell versions apart.
      return {
        size: stat.size,
        modified: stat.mtime,
        etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
      };
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.file(key);
    try {
      const handle = await fs.open(file, 'r');
      return handle.createReadStream({ start: range?.start, end: range?.end });
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async readBytes(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    for (const folder of FOLDERS.filter((candidate) => candidate.startsWith(prefix) || prefix.startsWith(candidate))) {
      const keys = (await this.keysUnder(folder)).filter((key) => key.startsWith(prefix) && !UNFINISHED.test(key));
      for (const key of keys.sort()) {
        const stat = await fs.lstat(path.join(this.root, ...key.split('/'))).catch(() => null);
        if (stat?.isFile()) yield { key, size: stat.size };
      }
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) await fs.rm(this.file(key), { force: true });
  }

  async close(): Promise<void> {}

  /**
   * Deletes what a crash left half-written (`.part`, and the `.tmp` of older versions): never served, it would only
   * take room. Only files untouched for some minutes, so that another server on the same DATA_DIR keeps the file
   * it is writing. Answers how many.
   */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const folder of FOLDERS) {
      const unfinished = (await this.keysUnder(folder).catch(() => [])).filter((key) => UNFINISHED.test(key));
      for (const key of unfinished) {
        const file = path.join(this.root, ...key.split('/'));
        try {
          const stat = await fs.lstat(file);
          if (!stat.isFile() || now - stat.mtimeMs < LocalMediaStore.UNFINISHED_MIN_AGE_MS) continue;
          await fs.rm(file);
          removed += 1;
        } catch {
          // Gone meanwhile (renamed by the writer that was still at it, or removed by another server).
        }
      }
    }
    return removed;
  }

  /** Every name below one of the folders as a key (`uploads/2026/11/…`), folders too; none when it does not exist. */
  private async keysUnder(folder: string): Promise<string[]> {
    try {
      const names = await fs.readdir(path.join(this.root, folder), { recursive: true });
      return names.map((name) => folder + name.split(path.sep).join('/'));
    } catch (error) {
      if (missing(error)) return [];
      throw error;
    }
  }

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }
}
