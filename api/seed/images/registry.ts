import { promises as fs } from 'node:fs';
import path from 'node:path';
import { renderSeedImage } from './render.js';
import { SEED_IMAGE_PREFIX, type ImageFn, type SeedImageSpec } from './spec.js';

const FILE_STEM = /^[a-z0-9-]+$/;

/** Collects the images the seed content asks for; each `img()` call returns the image's public URL. */
export function createImageRegistry(): { img: ImageFn; images: ReadonlyMap<string, SeedImageSpec> } {
  const images = new Map<string, SeedImageSpec>();
  const img: ImageFn = (file, spec) => {
    if (!FILE_STEM.test(file)) throw new Error(`Seed image name "${file}" must match ${FILE_STEM}`);
    const known = images.get(file);
    if (known && JSON.stringify(known) !== JSON.stringify(spec)) {
      throw new Error(`Seed image "${file}" is registered twice with different drawings`);
    }
    images.set(file, spec);
    return `${SEED_IMAGE_PREFIX}${file}.svg`;
  };
  return { img, images };
}

/** The folder under the uploads directory that holds the seed images. */
export function seedImageDir(uploadsDir: string): string {
  return path.join(
    uploadsDir,
    ...SEED_IMAGE_PREFIX.replace(/^\/uploads\//, '')
      .split('/')
      .filter(Boolean),
  );
}

/** Draws every registered image that is not on disk yet. Returns how many files were written. */
export async function writeSeedImages(uploadsDir: string, images: ReadonlyMap<string, SeedImageSpec>): Promise<number> {
  const dir = seedImageDir(uploadsDir);
  await fs.mkdir(dir, { recursive: true });
  const present = new Set(await fs.readdir(dir));
  let written = 0;
  for (const [file, spec] of images) {
    const name = `${file}.svg`;
    if (present.has(name)) continue;
    // Write then rename: a reader never sees half a file, and a crash leaves no truncated image behind.
    const target = path.join(dir, name);
    const temporary = `${target}.${process.pid}.tmp`;
    await fs.writeFile(temporary, renderSeedImage(spec));
    await fs.rename(temporary, target);
    written += 1;
  }
  return written;
}
