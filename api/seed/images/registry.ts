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

/** The media-store key prefix of the seed images (`uploads/seed/v<n>/`). */
export const SEED_IMAGE_KEY_PREFIX = SEED_IMAGE_PREFIX.replace(/^\//, '');

/** The part of the server's media store the seed writes through (it does not import the server). */
export interface SeedImageStore {
  list(prefix: string): AsyncIterable<{ key: string }>;
  /** Whole or not at all. */
  put(key: string, bytes: Uint8Array): Promise<void>;
}

/** Draws every registered image that is not in the store yet. Returns how many were written. */
export async function writeSeedImages(
  store: SeedImageStore,
  images: ReadonlyMap<string, SeedImageSpec>,
): Promise<number> {
  const present = new Set<string>();
  for await (const { key } of store.list(SEED_IMAGE_KEY_PREFIX)) present.add(key);
  let written = 0;
  for (const [file, spec] of images) {
    const key = `${SEED_IMAGE_KEY_PREFIX}${file}.svg`;
    if (present.has(key)) continue;
    await store.put(key, Buffer.from(renderSeedImage(spec)));
    written += 1;
  }
  return written;
}
