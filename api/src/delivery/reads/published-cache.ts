import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One public answer or page as ready bytes: identity, brotli and gzip, with its strong ETag. */
export interface CacheEntry {
  status: number;
  /** The headers the full pipeline gave the answer (security headers, content type…), replayed on every hit. */
  headers: Array<[string, string]>;
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** What the entry costs in memory, counted against the cache's budget. */
  bytes: number;
}

/** An answer at least this large is compressed off the event loop (a sitemap file of 50,000 addresses is 5–7 MB). */
export const LARGE_ANSWER_BYTES = 256 * 1024;

const brotliOptions = (body: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
});

function entryOf(status: number, headers: Array<[string, string]>, body: Buffer, br: Buffer, gzip: Buffer): CacheEntry {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
  return { status, headers, body, br, gzip, etag, bytes: body.length + br.length + gzip.length + headerBytes + 256 };
}

/** Compresses once, when the entry is made: every hit then sends bytes as they are. */
export function makeEntry(status: number, headers: Array<[string, string]>, body: Buffer): CacheEntry {
  return entryOf(status, headers, body, brotliCompressSync(body, brotliOptions(body, 9)), gzipSync(body, { level: 9 }));
}

/**
 * {@link makeEntry}, with an answer of {@link LARGE_ANSWER_BYTES} or more compressed on the thread pool at a
 * lighter level, so that making it never holds up the requests of others.
 */
export async function makeEntryAsync(
  status: number,
  headers: Array<[string, string]>,
  body: Buffer,
): Promise<CacheEntry> {
  if (body.length < LARGE_ANSWER_BYTES) return makeEntry(status, headers, body);
  const [br, gzip] = await Promise.all([brotli(body, brotliOptions(body, 5)), gzipAsync(body, { level: 6 })]);
  return entryOf(status, headers, body, br, gzip);
}

export interface CacheStats {
  entries: number;
  /** What the entries cost, in the cache's unit (bytes for ready answers). */
  size: number;
  hits: number;
  misses: number;
  evictions: number;
}

/**
 * A least-recently-used store bounded by a budget (`sizeOf` each value: bytes for ready answers by default), with
 * single-flight loading: concurrent misses of one key wait for the first one's answer instead of each producing it.
 * The store itself is `lru-cache` (`maxSize` and `sizeCalculation`); the loading and the flush's generation are
 * kept here, because which values are kept depends on them (see `load`).
 */
export class PublishedCache<T extends object = CacheEntry> {
  private readonly entries: LRUCache<string, T>;
  private readonly loading = new Map<string, Promise<T | null>>();
  private generation = 0;
  readonly stats = { hits: 0, misses: 0, evictions: 0 };

  constructor(
    readonly budget: number,
    sizeOf: (value: T) => number = (value) => (value as CacheEntry).bytes,
  ) {
    this.entries = new LRUCache<string, T>({
      maxSize: budget,
      // A value larger than a quarter of the budget would push out everything else: it is not kept.
      maxEntrySize: Math.max(1, Math.floor(budget / 4)),
      sizeCalculation: sizeOf,
      dispose: (_value, _key, reason) => {
        if (reason === 'evict') this.stats.evictions++;
      },
    });
  }

  get(key: string): T | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: T): void {
    this.entries.set(key, value);
  }

  /**
   * The value for `key`, produced by `produce` on a miss and stored when it is not `null` and `keep` accepts it.
   * While one call produces it, the others for the same key wait for its result, kept or not. A value produced
   * while the cache was flushed is handed to its callers but not stored: it may hold what the flush was about.
   */
  async load(
    key: string,
    produce: () => Promise<T | null>,
    keep: (value: T) => boolean = () => true,
  ): Promise<{ entry: T | null; hit: boolean }> {
    const found = this.get(key);
    if (found !== undefined) {
      this.stats.hits++;
      return { entry: found, hit: true };
    }
    let pending = this.loading.get(key);
    if (!pending) {
      this.stats.misses++;
      const generation = this.generation;
      pending = produce()
        .then((value) => {
          if (value !== null && keep(value) && generation === this.generation) this.set(key, value);
          return value;
        })
        .finally(() => {
          // After a flush, a newer load of the key may be the one waited for: that one stays.
          if (this.loading.get(key) === pending) this.loading.delete(key);
        });
      this.loading.set(key, pending);
    } else {
      this.stats.hits++;
    }
    return { entry: await pending, hit: false };
  }

  /** Drops every entry (the published content changed). */
  flush(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }

  snapshot(): CacheStats {
    return { entries: this.entries.size, size: this.entries.calculatedSize, ...this.stats };
  }
}
