import type { DataSource } from 'typeorm';
import type { CacheServerStats } from '../../delivery/cache/cache-server.js';
import type { ImageVariantStats } from '../../content/uploads/image-variants.js';
import type { Metrics } from '../../core/metrics/metrics.service.js';

/** The published-content cache's own counts (`CacheServer.stats()`), per store: `main` and `open_ended` (search). */
export function addCacheMetrics(metrics: Metrics, stats: () => CacheServerStats): void {
  const stores = () => {
    const { main, openEnded } = stats();
    return [
      ['main', main],
      ['open_ended', openEnded],
    ] as const;
  };
  const per = (pick: (store: CacheServerStats['main']) => number) => () =>
    stores().map(([store, values]) => ({ labels: { store }, value: pick(values) }));
  metrics.readAtScrape({
    type: 'counter',
    name: 'published_cache_requests_total',
    help: 'Lookups of the published-content cache: hit (answered from memory, or from a concurrent miss) or miss',
    labelNames: ['store', 'result'],
    read: () =>
      stores().flatMap(([store, values]) => [
        { labels: { store, result: 'hit' }, value: values.hits },
        { labels: { store, result: 'miss' }, value: values.misses },
      ]),
  });
  metrics.readAtScrape({
    type: 'counter',
    name: 'published_cache_bypasses_total',
    help: 'Answers that went through the cache but could not be kept (refusals, 404s): X-Cache BYPASS',
    read: () => [{ value: stats().bypasses }],
  });
  const perStore = [
    ['counter', 'published_cache_evictions_total', 'Entries dropped to make room', (store) => store.evictions],
    ['gauge', 'published_cache_entries', 'Entries in the cache', (store) => store.entries],
    ['gauge', 'published_cache_bytes', 'Bytes the entries take', (store) => store.size],
  ] as const satisfies ReadonlyArray<
    readonly ['counter' | 'gauge', string, string, (store: CacheServerStats['main']) => number]
  >;
  for (const [type, name, help, pick] of perStore)
    metrics.readAtScrape({ type, name, help, labelNames: ['store'], read: per(pick) });
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

/** Open, idle and awaited connections of the database pool (with WORKERS, of every worker's pool together). */
export function addPoolMetrics(metrics: Metrics, db: DataSource): void {
  const gauges = [
    ['db_pool_connections', 'Open connections of the database pool', (pool) => pool.totalCount],
    ['db_pool_idle_connections', 'Open connections not in use', (pool) => pool.idleCount],
    ['db_pool_waiting_requests', 'Queries waiting for a connection', (pool) => pool.waitingCount],
    ['db_pool_max_connections', 'Most connections the pool opens', (pool) => pool.options?.max],
  ] as const satisfies ReadonlyArray<readonly [string, string, (pool: PgPool) => number | undefined]>;
  for (const [name, help, pick] of gauges) {
    metrics.readAtScrape({
      type: 'gauge',
      name,
      help,
      read: () => {
        const pool = poolOf(db);
        const value = pool ? pick(pool) : undefined;
        return typeof value === 'number' ? [{ value }] : [];
      },
    });
  }
}

/** The image variants' queue: resizes done, jobs dropped unmade, requests answered with the original instead. */
export function addImageVariantMetrics(metrics: Metrics, stats: () => ImageVariantStats): void {
  metrics.readAtScrape({
    type: 'counter',
    name: 'image_variant_resizes_total',
    help: 'Pictures resized into a variant: ok (stored), failed (could not be resized), unwritten (could not be stored)',
    labelNames: ['result'],
    read: () => Object.entries(stats().resizes).map(([result, value]) => ({ labels: { result }, value })),
  });
  metrics.readAtScrape({
    type: 'counter',
    name: 'image_variant_jobs_dropped_total',
    help: 'Variants queued but never made, because every request waiting for them hung up',
    read: () => [{ value: stats().dropped }],
  });
  metrics.readAtScrape({
    type: 'counter',
    name: 'image_variant_originals_total',
    help: 'Variant requests answered with the original picture: client_limit, queue_full or unwritten',
    labelNames: ['reason'],
    read: () => Object.entries(stats().originals).map(([reason, value]) => ({ labels: { reason }, value })),
  });
  metrics.readAtScrape({
    type: 'gauge',
    name: 'image_variant_jobs',
    help: 'Variants queued or being made',
    labelNames: ['state'],
    read: () => {
      const { queued, running } = stats();
      return [
        { labels: { state: 'queued' }, value: queued },
        { labels: { state: 'running' }, value: running },
      ];
    },
  });
}
