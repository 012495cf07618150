import type { EntityManager } from 'typeorm';
import { execute, milliseconds, queryOne, type Sql } from './sql.js';

/** A key's counters after a hit. */
export interface HitRow {
  hits: number;
  strikes: number;
}

/** Milliseconds the key stays blocked, or 0. */
export async function blockedMs(db: Sql, key: string): Promise<number> {
  // bigint arrives as text.
  const row = await queryOne<{ ms: string }>(
    db,
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM (blocked_until - now())) * 1000)::bigint AS ms
     FROM rate_limit WHERE key = $1 AND blocked_until > now()`,
    [key],
  );
  return row ? Number(row.ms) : 0;
}

/**
 * Counts a hit in the key's fixed window of `windowMs`, starting a new window when the last one has passed;
 * strikes older than `strikeMemory` (an interval) are forgotten.
 */
export function countHit(db: Sql, key: string, windowMs: number, strikeMemory: string): Promise<HitRow | undefined> {
  return queryOne<HitRow>(
    db,
    `INSERT INTO rate_limit AS r (key, hits, window_start, updated_at) VALUES ($1, 1, now(), now())
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start < now() - $2::interval THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start < now() - $2::interval THEN now() ELSE r.window_start END,
       strikes = CASE WHEN r.updated_at < now() - $3::interval THEN 0 ELSE r.strikes END,
       updated_at = now()
     RETURNING hits, strikes`,
    [key, milliseconds(windowMs), strikeMemory],
  );
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
