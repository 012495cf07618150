import type { ItemStatus, TrashKind, TrashRow } from '@site/shared-types';
import type { PageWindow } from '../../core/admin-list.js';
import { execute, query, queryCount, queryOne, type Sql } from '../../core/sql.js';

/** Which rows of the bin a list shows: one kind ('' for all) and a literal substring of the title. */
export interface TrashFilter {
  kind: TrashKind | '';
  search: string;
}

/**
 * Every trashed case, article and menu as one list, with where it was filed and, when it cannot be restored yet,
 * why: a case's menu or a menu's parent is in the bin too.
 */
const BIN = `
  SELECT 'case' AS kind, c.id, c.name AS title, m.name AS place, c.deleted_at, c.deleted_by,
         CASE WHEN m.deleted_at IS NULL THEN '' ELSE '所属栏目「' || m.name || '」也在回收站中，请先恢复该栏目' END AS blocked
  FROM "case" c JOIN menu m ON m.id = c.dict_id WHERE c.deleted_at IS NOT NULL
  UNION ALL
  SELECT 'news', n.id, n.title, k.name, n.deleted_at, n.deleted_by, ''
  FROM news n JOIN news_category k ON k.id = n.dynamic_id WHERE n.deleted_at IS NOT NULL
  UNION ALL
  SELECT 'menu', m.id, m.name, coalesce(p.name, ''), m.deleted_at, m.deleted_by,
         CASE WHEN p.deleted_at IS NULL THEN '' ELSE '上级栏目「' || p.name || '」也在回收站中，请先恢复该栏目' END
  FROM menu m LEFT JOIN menu p ON p.id = m.parent_id WHERE m.deleted_at IS NOT NULL`;

const FILTER = `($1::text = '' OR b.kind = $1) AND ($2::text = '' OR position(lower($2) in lower(b.title)) > 0)`;

/** The bin, most recently trashed first; `days` is how long an item stays. */
export function listTrash(db: Sql, filter: TrashFilter, days: number, window: PageWindow): Promise<TrashRow[]> {
  return query<TrashRow>(
    db,
    `SELECT b.kind, b.id, b.title, b.place,
            to_char(b.deleted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS deleted_at,
            coalesce(a.email, '') AS deleted_by,
            greatest(0, ceil(extract(epoch FROM b.deleted_at + make_interval(days => $3) - now()) / 86400))::int
              AS days_left,
            b.blocked
     FROM (${BIN}) b LEFT JOIN admin_user a ON a.id = b.deleted_by
     WHERE ${FILTER} ORDER BY b.deleted_at DESC, b.kind ASC, b.id DESC LIMIT $4 OFFSET $5`,
    [filter.kind, filter.search, days, window.limit, window.offset],
  );
}

export function countTrash(db: Sql, filter: TrashFilter): Promise<number> {
  return queryCount(db, `SELECT count(*)::int AS n FROM (${BIN}) b WHERE ${FILTER}`, [filter.kind, filter.search]);
}

/** How many items of each kind are in the bin. */
export async function countTrashByKind(db: Sql): Promise<Record<TrashKind, number>> {
  const row = await queryOne<Record<TrashKind, number>>(
    db,
    `SELECT (SELECT count(*)::int FROM "case" WHERE deleted_at IS NOT NULL) AS "case",
            (SELECT count(*)::int FROM news WHERE deleted_at IS NOT NULL) AS news,
            (SELECT count(*)::int FROM menu WHERE deleted_at IS NOT NULL) AS menu`,
  );
  return row ?? { case: 0, news: 0, menu: 0 };
}

/** A trashed case with its menu, locked for the restore. */
export function findTrashedCase(
  db: Sql,
  id: number,
): Promise<{ id: number; menu_name: string; menu_trashed: boolean } | undefined> {
  return queryOne(
    db,
    `SELECT c.id, m.name AS menu_name, m.deleted_at IS NOT NULL AS menu_trashed
     FROM "case" c JOIN menu m ON m.id = c.dict_id WHERE c.id = $1 AND c.deleted_at IS NOT NULL FOR UPDATE OF c`,
    [id],
  );
}

export interface TrashedMenuRow {
  id: number;
  parent_id: number | null;
  parent_name: string | null;
  parent_trashed: boolean;
  pc: boolean;
  pcsite: number;
  move: boolean;
  movesite: number;
}

/** A trashed menu with its parent, locked for the restore. */
export function findTrashedMenu(db: Sql, id: number): Promise<TrashedMenuRow | undefined> {
  return queryOne<TrashedMenuRow>(
    db,
    `SELECT m.id, m.parent_id, p.name AS parent_name, coalesce(p.deleted_at IS NOT NULL, false) AS parent_trashed,
            m.pc, m.pcsite, m.move, m.movesite
     FROM menu m LEFT JOIN menu p ON p.id = m.parent_id WHERE m.id = $1 AND m.deleted_at IS NOT NULL FOR UPDATE OF m`,
    [id],
  );
}

/** Takes an item out of the bin; it counts as changed now (sitemaps date it, caches drop it). */
export function restoreRow(db: Sql, kind: TrashKind, id: number): Promise<number> {
  return execute(
    db,
    `UPDATE ${TABLES[kind]} SET deleted_at = NULL, deleted_by = NULL, updated_at = now()
     WHERE id = $1 AND deleted_at IS NOT NULL`,
    [id],
  );
}

/**
 * Takes a case or an article out of the bin; answers the state it comes back in (`undefined`: it was not in the
 * bin). A scheduled one whose time passed while it was in the bin is published by the next round of the scheduler.
 */
export async function restoreItemRow(db: Sql, kind: 'case' | 'news', id: number): Promise<ItemStatus | undefined> {
  const row = await queryOne<{ status: ItemStatus }>(
    db,
    `UPDATE ${TABLES[kind]} SET deleted_at = NULL, deleted_by = NULL, updated_at = now()
     WHERE id = $1 AND deleted_at IS NOT NULL RETURNING status`,
    [id],
  );
  return row?.status;
}

/** Sets a restored menu's positions (a shown menu's may have to move back to the last place). */
export async function setMenuPositions(db: Sql, id: number, pcsite: number, movesite: number): Promise<void> {
  await execute(db, 'UPDATE menu SET pcsite = $2, movesite = $3 WHERE id = $1', [id, pcsite, movesite]);
}

const TABLES: Record<TrashKind, string> = { case: '"case"', news: 'news', menu: 'menu' };

/** Which trashed rows a purge takes: one item, everything, or what was trashed more than `days` days ago. */
export type PurgeScope = { item: { kind: TrashKind; id: number } } | { all: true } | { olderThanDays: number };

function scopeWhere(scope: PurgeScope, kind: TrashKind): { where: string; params: unknown[] } {
  if ('all' in scope) return { where: 'deleted_at IS NOT NULL', params: [] };
  if ('olderThanDays' in scope) {
    return { where: 'deleted_at < now() - make_interval(days => $1)', params: [scope.olderThanDays] };
  }
  if (scope.item.kind !== kind) return { where: 'false', params: [] };
  return { where: 'id = $1 AND deleted_at IS NOT NULL', params: [scope.item.id] };
}

/** The ids of the trashed rows of one table a scope takes. */
export async function trashedIds(db: Sql, kind: TrashKind, scope: PurgeScope): Promise<number[]> {
  const { where, params } = scopeWhere(scope, kind);
  const rows = await query<{ id: number }>(db, `SELECT id FROM ${TABLES[kind]} WHERE ${where}`, params);
  return rows.map((row) => row.id);
}

/** A menu of the subtrees under some menus (themselves included), with its grade and whether it is trashed. */
export interface SubtreeMenuRow {
  id: number;
  root: number;
  grade: number;
  trashed: boolean;
}

export function listSubtrees(db: Sql, roots: readonly number[]): Promise<SubtreeMenuRow[]> {
  return query<SubtreeMenuRow>(
    db,
    `WITH RECURSIVE tree AS (
       SELECT id, id AS root FROM menu WHERE id = ANY($1::int[])
       UNION ALL
       SELECT m.id, t.root FROM menu m JOIN tree t ON m.parent_id = t.id
     )
     SELECT t.id, t.root, m.grade, m.deleted_at IS NOT NULL AS trashed FROM tree t JOIN menu m ON m.id = t.id`,
    [[...roots]],
  );
}

/** The cases filed under some menus, with whether each is trashed. */
export function listCasesUnder(
  db: Sql,
  menus: readonly number[],
): Promise<{ id: number; dict_id: number; trashed: boolean }[]> {
  return query(db, 'SELECT id, dict_id, deleted_at IS NOT NULL AS trashed FROM "case" WHERE dict_id = ANY($1::int[])', [
    [...menus],
  ]);
}

/** Deletes trashed rows for good (never a row outside the bin); answers the ids deleted. */
export async function deleteTrashed(db: Sql, kind: TrashKind, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await query<{ id: number }>(
    db,
    `DELETE FROM ${TABLES[kind]} WHERE id = ANY($1::int[]) AND deleted_at IS NOT NULL RETURNING id`,
    [[...ids]],
  );
  return rows.map((row) => row.id);
}

/** Deletes trashed menus of one grade (sub-menus go before their parents: the parent key refuses otherwise). */
export async function deleteTrashedMenus(db: Sql, ids: readonly number[], grade: number): Promise<number> {
  if (ids.length === 0) return 0;
  return execute(db, 'DELETE FROM menu WHERE id = ANY($1::int[]) AND grade = $2 AND deleted_at IS NOT NULL', [
    [...ids],
    grade,
  ]);
}
