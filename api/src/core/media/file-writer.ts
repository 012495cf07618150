import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Injectable } from '@nestjs/common';

/** What a file is called while it is being written: `<final name>.<random>.part` (also `.tmp`, the seed's). */
export const UNFINISHED = /\.(part|tmp)$/;

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
 * Writes the files the local media store keeps under DATA_DIR (uploads, image variants) whole or not at all: into a file of
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
