import type { SiteBlockKey } from '@site/shared-types';
import { execute, query, queryOne, type Sql } from '../../core/sql.js';
import type { LinkRow } from '../../core/wire.js';

/** A stored block as read: whatever JSON the row holds (reads check it, see site-block-shape.ts). */
export interface SiteBlockRow {
  key: SiteBlockKey;
  value: unknown;
}

/** A block with the version of its row (`xmin`: it changes with every write of the row). */
export function findSiteBlock(db: Sql, key: SiteBlockKey): Promise<(SiteBlockRow & { version: string }) | undefined> {
  return queryOne<SiteBlockRow & { version: string }>(
    db,
    'SELECT key, value, xmin::text AS version FROM site_block WHERE key = $1',
    [key],
  );
}

/** Replaces a block as a whole (one statement: readers see the old block or the new one, never a mix). */
export async function saveSiteBlock(db: Sql, key: SiteBlockKey, value: unknown): Promise<void> {
  await execute(
    db,
    `INSERT INTO site_block (key, value, updated_at) VALUES ($1, $2::jsonb, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** The desktop navigation: grade-1 menus shown on pc, by position. */
export function listDesktopNavigation(db: Sql): Promise<LinkRow[]> {
  return query<LinkRow>(
    db,
    'SELECT id, name FROM menu WHERE grade = 1 AND pc AND deleted_at IS NULL ORDER BY pcsite ASC, id ASC',
  );
}

/** Which of the given menus exist outside the recycle bin. */
export async function listLiveMenuIds(db: Sql, ids: readonly number[]): Promise<number[]> {
  const rows = await query<{ id: number }>(db, 'SELECT id FROM menu WHERE id = ANY($1::int[]) AND deleted_at IS NULL', [
    [...ids],
  ]);
  return rows.map((row) => row.id);
}
