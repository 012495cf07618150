import type { DataSource } from 'typeorm';
import type { CacheServerStats } from '../../delivery/cache/cache-server.js';
import type { ImageVariantStats } from '../../content/uploads/image-variants.js';
import { counter, gauge, type MetricFamily, type Sample } from '../../core/metrics/prometheus.js';

/** The published-content cache's own counts (`CacheServer.stats()`), per store: `main` and `open_ended` (search). */
export function cacheFamilies(stats: CacheServerStats): MetricFamily[] {
  const stores = [
    ['main', stats.main],
    ['open_ended', stats.openEnded],
  ] as const;
  const per = (pick: (store: (typeof stores)[number][1]) => number): Sample[] =>
    stores.map(([store, values]) => ({ labels: { store }, value: pick(values) }));
  return [
    counter(
      'published_cache_requests_total',
      'Lookups of the published-content cache: hit (answered from memory, or from a concurrent miss) or miss',
      stores.flatMap(([store, values]) => [
        { labels: { store, result: 'hit' }, value: values.hits },
        { labels: { store, result: 'miss' }, value: values.misses },
      ]),
    ),
    counter(
      'published_cache_bypasses_total',
      'Answers that went through the cache but could not be kept (refusals, 404s): X-Cache BYPASS',
      [{ value: stats.bypasses }],
    ),
    counter(
      'published_cache_evictions_total',
      'Entries dropped to make room',
      per((store) => store.evictions),
    ),
    gauge(
      'published_cache_entries',
      'Entries in the cache',
      per((store) => store.entries),
    ),
    gauge(
      'published_cache_bytes',
      'Bytes the entries take',
      per((store) => store.size),
    ),
  ];
}

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** The pg pool behind TypeORM's PostgreSQL driver, when it is there (not before the first connection). */
function poolOf(db: DataSource): PgPool | null {
  const pool = (db.driver as { master?: unknown }).master as Partial<PgPool> | undefined;
  return pool && typeof pool.totalCount === 'number' && typeof pool.idleCount === 'number' ? (pool as PgPool) : null;
}

/** Open, idle and awaited connections of the database pool. */
export function poolFamilies(db: DataSource): MetricFamily[] {
  const pool = poolOf(db);
  if (!pool) return [];
  return [
    gauge('db_pool_connections', 'Open connections of the database pool', [{ value: pool.totalCount }]),
    gauge('db_pool_idle_connections', 'Open connections not in use', [{ value: pool.idleCount }]),
    gauge('db_pool_waiting_requests', 'Queries waiting for a connection', [{ value: pool.waitingCount }]),
    ...(typeof pool.options?.max === 'number'
      ? [gauge('db_pool_max_connections', 'Most connections the pool opens', [{ value: pool.options.max }])]
      : []),
  ];
}

/** The image variants' queue: resizes done, jobs dropped unmade, requests answered with the original instead. */
export function imageVariantFamilies(stats: ImageVariantStats): MetricFamily[] {
  return [
    counter(
      'image_variant_resizes_total',
      'Pictures resized into a variant: ok (stored), failed (could not be resized), unwritten (could not be stored)',
      Object.entries(stats.resizes).map(([result, value]) => ({ labels: { result }, value })),
    ),
    counter(
      'image_variant_jobs_dropped_total',
      'Variants queued but never made, because every request waiting for them hung up',
      [{ value: stats.dropped }],
    ),
    counter(
      'image_variant_originals_total',
      'Variant requests answered with the original picture: client_limit, queue_full or unwritten',
      Object.entries(stats.originals).map(([reason, value]) => ({ labels: { reason }, value })),
    ),
    gauge('image_variant_jobs', 'Variants queued or being made', [
      { labels: { state: 'queued' }, value: stats.queued },
      { labels: { state: 'running' }, value: stats.running },
    ]),
  ];
}
