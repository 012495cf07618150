import { promises as fs } from 'node:fs';
import { jest } from '@jest/globals';
import { FileWriter, type WritableFile } from '../../src/core/media/file-writer.js';
import type { TestApp } from './test-app.js';

export interface FullDisk {
  /** Every file the app began writing meanwhile, with the bytes that reached the disk before it was full. */
  started: Array<{ file: string; written: number }>;
  /** Ends the fault: writes go to disk again. */
  restore(): void;
}

/**
 * Plays a full disk for the files the app writes (uploads and image variants): each file really gets its first
 * `room` bytes, then the write fails as the kernel fails it, with `code` (ENOSPC, or EDQUOT for a full quota).
 */
export function fillDisk(t: TestApp, room = 64, code: 'ENOSPC' | 'EDQUOT' = 'ENOSPC'): FullDisk {
  const started: FullDisk['started'] = [];
  const writer = t.app.get(FileWriter);
  const spy = jest.spyOn(writer, 'open').mockImplementation(async (file: string): Promise<WritableFile> => {
    const handle = await fs.open(file, 'wx');
    const entry = { file, written: 0 };
    started.push(entry);
    return {
      async write(bytes, offset, length) {
        const take = Math.min(length, room - entry.written);
        if (take <= 0) {
          const reason = code === 'ENOSPC' ? 'no space left on device' : 'disk quota exceeded';
          throw Object.assign(new Error(`${code}: ${reason}, write`), { code, syscall: 'write' });
        }
        const { bytesWritten } = await handle.write(bytes, offset, take);
        entry.written += bytesWritten;
        return { bytesWritten };
      },
      close: () => handle.close(),
    };
  });
  return { started, restore: () => spy.mockRestore() };
}
