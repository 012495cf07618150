import type { ItemStatus, ReviewRow, ReviewState } from '@site/shared-types';
import { execute, query, queryOne, type Sql } from '../../core/sql.js';
import type { EditedKind } from './item-changes.js';

const TABLES: Record<EditedKind, string> = { case: '"case"', news: 'news' };

/** What review needs to know of an item outside the recycle bin (docs/behaviour.md#review-before-publishing). */
export interface ItemReviewState {
  status: ItemStatus;
  author_id: number | null;
  review: ReviewState | null;
  review_number: number | null;
}

/**
 * The item's state, author and review; `undefined`: no such item outside the recycle bin. `lock`: the row is locked
 * until the transaction ends (a step of review, so that no save runs between its check and its write).
 */
export function itemReviewState(
  db: Sql,
  kind: EditedKind,
  id: number,
  lock = false,
): Promise<ItemReviewState | undefined> {
  return queryOne<ItemReviewState>(
    db,
    `SELECT status, author_id, review, review_number FROM ${TABLES[kind]}
     WHERE id = $1 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
}

/** Who created the item, in the recycle bin too (`undefined`: no such item at all, `null`: nobody known). */
export async function itemAuthor(db: Sql, kind: EditedKind, id: number): Promise<number | null | undefined> {
  return (await queryOne<{ author_id: number | null }>(db, `SELECT author_id FROM ${TABLES[kind]} WHERE id = $1`, [id]))
    ?.author_id;
}

/** The item waits for an editor: revision `number` is under review, from now; a comment of an earlier return goes. */
export function markPending(db: Sql, kind: EditedKind, id: number, number: number): Promise<number> {
  return execute(
    db,
    `UPDATE ${TABLES[kind]} SET review = 'pending', review_number = $2, review_at = now(), review_comment = ''
     WHERE id = $1`,
    [id, number],
  );
}

/** The editor sent the item back with a comment; the revision that was reviewed stays named. */
export function markReturned(db: Sql, kind: EditedKind, id: number, comment: string): Promise<number> {
  return execute(db, `UPDATE ${TABLES[kind]} SET review = 'returned', review_comment = $2 WHERE id = $1`, [
    id,
    comment,
  ]);
}

/** A pending item's title (from the document under review) and its author's name (the e-mail when unnamed). */
const pendingOf = (kind: EditedKind, title: string) => `
  SELECT '${kind}'::text AS kind, i.id, coalesce(r.document->>'${title}', i.${title}) AS title,
    coalesce(nullif(a.name, ''), a.email, '') AS author,
    to_char(i.review_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS submitted_at,
    i.review_number AS revision, i.status <> 'draft' AS live, i.review_at AS at
  FROM ${TABLES[kind]} i
  LEFT JOIN revision r ON r.kind = '${kind}' AND r.item_id = i.id AND r.number = i.review_number
  LEFT JOIN admin_user a ON a.id = i.author_id
  WHERE i.review = 'pending' AND i.deleted_at IS NULL`;

/** Cases and articles waiting for an editor, oldest submission first. */
export function listPending(db: Sql): Promise<ReviewRow[]> {
  return query<ReviewRow>(
    db,
    `SELECT kind, id, title, author, submitted_at, revision, live
     FROM (${pendingOf('case', 'name')} UNION ALL ${pendingOf('news', 'title')}) t
     ORDER BY at ASC, kind ASC, id ASC`,
  );
}

/** How many cases and articles wait for an editor. */
export async function countPending(db: Sql): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    `SELECT (SELECT count(*) FROM "case" WHERE review = 'pending' AND deleted_at IS NULL)::int
          + (SELECT count(*) FROM news WHERE review = 'pending' AND deleted_at IS NULL)::int AS n`,
  );
  return row?.n ?? 0;
}
