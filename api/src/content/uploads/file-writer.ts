import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

/** What a file is called while it is being written: `<final name>.<random>.part` (also `.tmp`, the seed's). */
export const UNFINISHED = /\.(part|tmp)$/;

/** Where the image variants are kept (derived data: made again when missing). */
export function variantsDir(config: AppConfig): string {
  return path.join(config.dataDir, 'image-variants');
}

/** A write that failed because the disk, or the account's quota on it, is full. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** The part of a file handle a write uses. */
export interface WritableFile {
  write(bytes: Uint8Array, offset: number, length: number): Promise<{ bytesWritten: number }>;
  close(): Promise<void>;
}

/**
 * Writes the files the server makes under DATA_DIR (uploads, image variants) whole or not at all: into a file of
 * its own, renamed to the final name once complete, and deleted on any failure. A reader never sees half a file
 * and a full disk leaves nothing behind.
 */
@Injectable()
export class FileWriter {
  /** Creates a file for writing: the one place bytes go to disk (a test replaces it to play a full disk). */
  open(file: string): Promise<WritableFile> {
    return fs.open(file, 'wx');
  }

  async write(target: string, bytes: Uint8Array): Promise<void> {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    const file = await this.open(temporary);
    let open = true;
    try {
      for (let offset = 0; offset < bytes.length;) {
        const { bytesWritten } = await file.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
      open = false;
      await file.close();
      await fs.rename(temporary, target);
    } catch (error) {
      if (open) await file.close().catch(() => undefined);
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
  }
}

/**
 * At start, deletes what a crash left half-written under the folders the server writes (`.part` and `.tmp`
 * files): never served, they would only take room. Only files untouched for some minutes, so that another server
 * on the same DATA_DIR keeps the file it is writing.
 */
@Injectable()
export class UnfinishedFiles implements OnApplicationBootstrap {
  static readonly MIN_AGE_MS = 5 * 60_000;
  private readonly logger = new Logger('Uploads');

  private readonly folders: string[];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.folders = [config.uploadsDir, variantsDir(config)];
  }

  async onApplicationBootstrap(): Promise<void> {
    const removed = await this.sweep();
    if (removed > 0) this.logger.warn(`Deleted ${removed} unfinished file(s) left by an interrupted write`);
  }

  /** Deletes the unfinished files older than {@link MIN_AGE_MS}; answers how many. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const folder of this.folders) {
      let names: string[];
      try {
        names = await fs.readdir(folder, { recursive: true });
      } catch {
        continue;
      }
      for (const name of names.filter((entry) => UNFINISHED.test(entry))) {
        const file = path.join(folder, name);
        try {
          const stat = await fs.lstat(file);
          if (!stat.isFile() || now - stat.mtimeMs < UnfinishedFiles.MIN_AGE_MS) continue;
          await fs.rm(file);
          removed += 1;
        } catch {
          // Gone meanwhile (renamed by the writer that was still at it, or removed by another server).
        }
      }
    }
    return removed;
  }
}
