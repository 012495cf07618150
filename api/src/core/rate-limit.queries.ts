import type { EntityManager } from 'typeorm';
import { execute, milliseconds, queryOne, type Sql } from './sql.js';

/** A key's counters after a hit, and how long its block (one set before this hit) still lasts. */
export interface HitRow {
  hits: number;
  strikes: number;
  blocked_ms: number;
}

/**
 * Counts a hit in the key's fixed window of `windowMs`, starting a new window when the last one has passed;
 * strikes older than `strikeMemory` (an interval) are forgotten. The key's row stays locked until the transaction
 * ends, so hits of one key are counted one after the other.
 */
export async function countHit(db: Sql, key: string, windowMs: number, strikeMemory: string): Promise<HitRow> {
  const row = await queryOne<{ hits: number; strikes: number; blocked_ms: string }>(
    db,
    `INSERT INTO rate_limit AS r (key, hits, window_start, updated_at) VALUES ($1, 1, now(), now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start < now() - $2::interval THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start < now() - $2::interval THEN now() ELSE r.window_start END,
       strikes = CASE WHEN r.updated_at < now() - $3::interval THEN 0 ELSE r.strikes END,
       updated_at = now()
     RETURNING hits, strikes,
       GREATEST(0, EXTRACT(EPOCH FROM (blocked_until - clock_timestamp())) * 1000)::bigint AS blocked_ms`,
    [key, milliseconds(windowMs), strikeMemory],
  );
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  // bigint arrives as text.
  return { hits: row.hits, strikes: row.strikes, blocked_ms: Number(row.blocked_ms) };
}

/** Blocks the key for `blockMs` and counts a strike; its window starts again. */
export async function blockKey(manager: EntityManager, key: string, blockMs: number): Promise<void> {
  await execute(
    manager,
    `UPDATE rate_limit SET blocked_until = now() + $2::interval, strikes = strikes + 1, hits = 0,
       window_start = now() WHERE key = $1`,
    [key, milliseconds(blockMs)],
  );
}

export async function resetKeys(db: Sql, keys: string[]): Promise<void> {
  await execute(db, 'DELETE FROM rate_limit WHERE key = ANY($1)', [keys]);
}
