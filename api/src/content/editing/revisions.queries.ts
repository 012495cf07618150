import { REVISIONS_KEPT, type RevisionAction, type RevisionKind, type RevisionRow } from '@site/shared-types';
import { execute, query, queryOne, type Sql } from '../../core/sql.js';

/** Which item's history: a case or an article by its id, a site block by its kind alone (`itemId` 0). */
export interface RevisionItem {
  kind: RevisionKind;
  itemId: number;
}

/**
 * What a save records: the document it wrote, who saved it and, for a restore, the revision it restored; for a step
 * of review, which one (`action`, absent: a save) and the editor's comment of a return (`note`).
 */
export interface NewRevision extends RevisionItem {
  document: unknown;
  authorId: number;
  restoredFrom?: number | null;
  action?: RevisionAction;
  note?: string;
}

const ROW_COLUMNS = `r.number, coalesce(a.email, '') AS author,
  to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS created_at, r.restored_from,
  r.action, r.note`;

/**
 * Records a revision in the save's own transaction and drops those past the last `REVISIONS_KEPT` of the item, so
 * the bound holds after every commit. The save has already locked the item's row (its `UPDATE`, or the block's
 * upsert), so two saves of one item cannot take the same number; a new case or article has a new id.
 */
export async function recordRevision(db: Sql, revision: NewRevision): Promise<number> {
  const row = await queryOne<{ number: number }>(
    db,
    `INSERT INTO revision (kind, item_id, number, document, author_id, restored_from, action, note)
     SELECT $1::varchar, $2::int, coalesce(max(number), 0) + 1, $3::jsonb, $4::int, $5::int, $6, $7
     FROM revision WHERE kind = $1::varchar AND item_id = $2::int
     RETURNING number`,
    [
      revision.kind,
      revision.itemId,
      JSON.stringify(revision.document),
      revision.authorId,
      revision.restoredFrom ?? null,
      revision.action ?? 'save',
      revision.note ?? '',
    ],
  );
  if (!row) throw new Error('INSERT … RETURNING number returned no row');
  await execute(db, 'DELETE FROM revision WHERE kind = $1 AND item_id = $2 AND number <= $3', [
    revision.kind,
    revision.itemId,
    row.number - REVISIONS_KEPT,
  ]);
  return row.number;
}

/** An item's revisions, newest first. */
export function listRevisions(db: Sql, item: RevisionItem): Promise<RevisionRow[]> {
  return query<RevisionRow>(
    db,
    `SELECT ${ROW_COLUMNS} FROM revision r LEFT JOIN admin_user a ON a.id = r.author_id
     WHERE r.kind = $1 AND r.item_id = $2 ORDER BY r.number DESC`,
    [item.kind, item.itemId],
  );
}

export function findRevision(
  db: Sql,
  item: RevisionItem,
  number: number,
): Promise<(RevisionRow & { document: unknown }) | undefined> {
  return queryOne<RevisionRow & { document: unknown }>(
    db,
    `SELECT ${ROW_COLUMNS}, r.document FROM revision r LEFT JOIN admin_user a ON a.id = r.author_id
     WHERE r.kind = $1 AND r.item_id = $2 AND r.number = $3`,
    [item.kind, item.itemId, number],
  );
}

/** Drops the revisions of purged cases or articles. */
export async function deleteRevisions(db: Sql, kind: 'case' | 'news', ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await execute(db, 'DELETE FROM revision WHERE kind = $1 AND item_id = ANY($2::int[])', [kind, [...ids]]);
}

const TRASHED = {
  case: 'SELECT deleted_at IS NOT NULL AS trashed FROM "case" WHERE id = $1',
  news: 'SELECT deleted_at IS NOT NULL AS trashed FROM news WHERE id = $1',
} as const;

/** Whether a case or an article is in the recycle bin; `undefined` when it does not exist at all. */
export async function isTrashed(db: Sql, kind: 'case' | 'news', id: number): Promise<boolean | undefined> {
  return (await queryOne<{ trashed: boolean }>(db, TRASHED[kind], [id]))?.trashed;
}
