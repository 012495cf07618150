import { createHash } from 'node:crypto';
import { UPLOADS_PREFIX, VARIANTS_PREFIX, type MediaStore } from '../../core/media/media-store.js';

export interface CopyReport {
  /** Written into the target, then read back and found identical. */
  copied: number;
  /** Already in the target with the same bytes. */
  present: number;
  bytes: number;
  /** Keys whose copy in the target does not match (or could not be read back). */
  mismatched: string[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Copies every object of `from` (uploads, then image variants) into `to` and checks each one by reading it back:
 * its SHA-256 must be the source's. An object the target already holds with the same bytes is left as it is, so
 * a copy that was interrupted can simply be run again. `progress` hears of every hundredth object.
 */
export async function copyMedia(
  from: MediaStore,
  to: MediaStore,
  progress: (done: number) => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, present: 0, bytes: 0, mismatched: [] };
  let done = 0;
  for (const prefix of [UPLOADS_PREFIX, VARIANTS_PREFIX]) {
    for await (const { key } of from.list(prefix)) {
      const bytes = await from.readBytes(key);
      // Deleted since it was listed: nothing to copy.
      if (!bytes) continue;
      const want = sha256(bytes);
      const there = await to.stat(key);
      const same = there?.size === bytes.length && (await matches(to, key, want));
      if (same) {
        report.present += 1;
      } else {
        await to.put(key, bytes);
        if (await matches(to, key, want)) {
          report.copied += 1;
          report.bytes += bytes.length;
        } else {
          report.mismatched.push(key);
        }
      }
      done += 1;
      if (done % 100 === 0) progress(done);
    }
  }
  return report;
}

async function matches(store: MediaStore, key: string, want: string): Promise<boolean> {
  const back = await store.readBytes(key);
  return back !== null && sha256(back) === want;
}
