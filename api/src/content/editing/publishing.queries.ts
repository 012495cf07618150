import type { ItemStatus } from '@site/shared-types';
import { query, queryCount, queryOne, type Sql } from '../../core/sql.js';
import type { EditedKind } from './item-changes.js';

const TABLES: Record<EditedKind, string> = { case: '"case"', news: 'news' };

/** A scheduled item outside the recycle bin. */
const SCHEDULED = `status = 'scheduled' AND deleted_at IS NULL`;

/**
 * Whether any scheduled item's time has come. Asked before {@link publishDue}: an update, even of no row, runs the
 * content trigger, which would empty every server's cache at each look.
 */
export async function anyDue(db: Sql): Promise<boolean> {
  const row = await queryOne<{ due: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM "case" WHERE ${SCHEDULED} AND publish_at <= now())
         OR EXISTS (SELECT 1 FROM news WHERE ${SCHEDULED} AND publish_at <= now()) AS due`,
  );
  return row?.due ?? false;
}

/**
 * Publishes the scheduled items of one kind whose time has come, in one statement, and answers their ids. Several
 * servers may run it at once: a row another one is publishing is waited for, then no longer scheduled, so each item
 * is published by exactly one of them.
 */
export async function publishDue(db: Sql, kind: EditedKind): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    `UPDATE ${TABLES[kind]} SET status = 'published', publish_at = NULL, updated_at = now()
     WHERE ${SCHEDULED} AND publish_at <= now() RETURNING id`,
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** When the next scheduled item of either kind is due (`null`: none is scheduled). */
export async function nextDue(db: Sql): Promise<Date | null> {
  const row = await queryOne<{ at: Date | null }>(
    db,
    `SELECT least((SELECT min(publish_at) FROM "case" WHERE ${SCHEDULED}),
                  (SELECT min(publish_at) FROM news WHERE ${SCHEDULED})) AS at`,
  );
  return row?.at ?? null;
}

/** Moves an item to the recycle bin; answers the state it had (`undefined`: no such item outside the bin). */
export async function trashItem(
  db: Sql,
  kind: EditedKind,
  id: number,
  adminId: number,
): Promise<ItemStatus | undefined> {
  const row = await queryOne<{ status: ItemStatus }>(
    db,
    `UPDATE ${TABLES[kind]} SET deleted_at = now(), deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING status`,
    [id, adminId],
  );
  return row?.status;
}

/** What a preview needs to know of an item (docs/behaviour.md#preview). */
export interface ItemPreviewState {
  status: ItemStatus;
  /** Moved on by the database at every publish, withdrawal, deletion and restore. */
  generation: number;
  author_id: number | null;
  /** The revision under review (or sent back), `null` when the item is in no review. */
  review_number: number | null;
}

/** The preview state of an item outside the recycle bin (`undefined`: there is none). */
export function itemPreviewState(db: Sql, kind: EditedKind, id: number): Promise<ItemPreviewState | undefined> {
  return queryOne(
    db,
    `SELECT status, preview_generation AS generation, author_id,
       CASE WHEN review IS NULL THEN NULL ELSE review_number END AS review_number
     FROM ${TABLES[kind]} WHERE id = $1 AND deleted_at IS NULL`,
    [id],
  );
}

/** The lists whose published entries `list_count` counts, each with its scope: a category, menu or tab (0: all). */
export type CountedList = 'news' | 'news_category' | 'case_dict' | 'case_class';

/**
 * How many published entries a list has, as the database's triggers keep it in the transaction of every write
 * (database/migrations/*-large-site.ts), rather than counted on each read.
 */
export async function countPublished(db: Sql, list: CountedList, scope: number): Promise<number> {
  return queryCount(db, 'SELECT coalesce(max(n), 0)::int AS n FROM list_count WHERE list = $1 AND scope = $2', [
    list,
    scope,
  ]);
}
