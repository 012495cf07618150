import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalMediaStore } from '../../core/media/local-media-store.js';
import { copyMedia } from './copy-media.js';

/** A store whose writes arrive damaged: one byte flipped. */
class DamagingStore extends LocalMediaStore {
  override async put(key: string, bytes: Uint8Array): Promise<void> {
    const damaged = Buffer.from(bytes);
    damaged[0] = (damaged[0] ?? 0) ^ 0xff;
    await super.put(key, damaged);
  }
}

describe('copyMedia', () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'copy-media-'));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const keys = ['uploads/2026/11/a.png', 'uploads/seed/v1/logo.svg', 'image-variants/2026/11/a.png.320.avif'];

  async function source(): Promise<LocalMediaStore> {
    const store = new LocalMediaStore(folder());
    for (const key of keys) await store.put(key, Buffer.from(`bytes of ${key}`));
    return store;
  }

  it('should copy uploads and variants, check them, and skip what is already there when run again', async () => {
    const from = await source();
    const to = new LocalMediaStore(folder());
    expect(await copyMedia(from, to)).toEqual({ copied: 3, present: 0, bytes: expect.any(Number), mismatched: [] });
    for (const key of keys) expect(await to.readBytes(key)).toEqual(await from.readBytes(key));
    expect(await copyMedia(from, to)).toEqual({ copied: 0, present: 3, bytes: 0, mismatched: [] });
  });

  it('should report every object that does not arrive intact, and replace a damaged one when run again', async () => {
    const from = await source();
    const dir = folder();
    const report = await copyMedia(from, new DamagingStore(dir));
    expect(report.mismatched.sort()).toEqual([...keys].sort());
    expect(report.copied).toBe(0);
    const again = await copyMedia(from, new LocalMediaStore(dir));
    expect(again).toMatchObject({ copied: 3, present: 0, mismatched: [] });
  });
});
