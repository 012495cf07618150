import type { MenuGrade, MenuNode } from '@site/shared-types';
import type { EntityManager } from 'typeorm';
import { columnList, execute, insertReturningId, query, queryCount, queryOne, type Sql } from '../../core/sql.js';

/** A row of `menu`: the columns carry the wire's names and types (a tree node without its tree). */
export type MenuRow = Omit<MenuNode, 'children' | 'sebshow'>;

/** Every column the back office reads, in the order its tree shows them. */
export const MENU_COLUMNS = [
  'id',
  'name',
  'grade',
  'parent_id',
  'intro',
  'img',
  'background',
  'pc',
  'pcsite',
  'move',
  'movesite',
] as const;

/** What a save writes: every column but the id. */
export type MenuFields = Omit<MenuRow, 'id'>;

/**
 * Every query here sees the menus outside the recycle bin only (`deleted_at IS NULL`): a trashed menu is no parent,
 * sibling or list any more (docs/decisions.md "Recycle bin and revisions").
 */
const SELECT_MENU = `SELECT ${columnList('m', MENU_COLUMNS)} FROM menu m WHERE m.deleted_at IS NULL`;

/** Every menu, siblings in their desktop positions. */
export function listMenus(db: Sql): Promise<MenuRow[]> {
  return query<MenuRow>(db, `${SELECT_MENU} ORDER BY m.pcsite ASC, m.id ASC`);
}

export function findMenu(db: Sql, id: number): Promise<MenuRow | undefined> {
  return queryOne<MenuRow>(db, `${SELECT_MENU} AND m.id = $1`, [id]);
}

/** The menu, locked until the transaction ends. */
export function findMenuForUpdate(manager: EntityManager, id: number): Promise<MenuRow | undefined> {
  return queryOne<MenuRow>(manager, `${SELECT_MENU} AND m.id = $1 FOR UPDATE`, [id]);
}

/** One editor at a time: positions are checked against the other menus. */
export async function lockMenuTable(manager: EntityManager): Promise<void> {
  await execute(manager, 'LOCK TABLE menu IN SHARE ROW EXCLUSIVE MODE');
}

export async function findMenuGrade(db: Sql, id: number): Promise<MenuGrade | undefined> {
  return (
    await queryOne<Pick<MenuRow, 'grade'>>(db, 'SELECT grade FROM menu WHERE id = $1 AND deleted_at IS NULL', [id])
  )?.grade;
}

/** Every row, the recycle bin's too (the seed fills only an empty table). */
export function countMenus(db: Sql): Promise<number> {
  return queryCount(db, 'SELECT count(*)::int AS n FROM menu');
}

export function countChildMenus(db: Sql, id: number): Promise<number> {
  return queryCount(db, 'SELECT count(*)::int AS n FROM menu WHERE parent_id = $1 AND deleted_at IS NULL', [id]);
}

export function countCasesInMenu(db: Sql, id: number): Promise<number> {
  return queryCount(db, 'SELECT count(*)::int AS n FROM "case" WHERE dict_id = $1 AND deleted_at IS NULL', [id]);
}

/** The entries shown on a site (`pc` or `move`) beside a menu: same parent, the menu itself left out. */
export function countShownSiblings(
  db: Sql,
  parentId: number | null,
  site: 'pc' | 'move',
  exceptId: number,
): Promise<number> {
  return queryCount(
    db,
    `SELECT count(*)::int AS n FROM menu
     WHERE parent_id IS NOT DISTINCT FROM $1 AND ${site} AND id <> $2 AND deleted_at IS NULL`,
    [parentId, exceptId],
  );
}

const fieldValues = (fields: MenuFields) => [
  fields.name,
  fields.grade,
  fields.parent_id,
  fields.intro,
  fields.img,
  fields.background,
  fields.pc,
  fields.pcsite,
  fields.move,
  fields.movesite,
];

export function insertMenu(db: Sql, fields: MenuFields): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO menu (name, grade, parent_id, intro, img, background, pc, pcsite, move, movesite)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    fieldValues(fields),
  );
}

/** A menu with the id it is given (the demo content's ids are fixed: routes and cases refer to them). */
export async function insertMenuWithId(db: Sql, row: MenuRow): Promise<void> {
  await execute(
    db,
    `INSERT INTO menu (name, grade, parent_id, intro, img, background, pc, pcsite, move, movesite, id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [...fieldValues(row), row.id],
  );
}

export async function updateMenu(db: Sql, id: number, fields: MenuFields): Promise<void> {
  await execute(
    db,
    `UPDATE menu SET name = $1, grade = $2, parent_id = $3, intro = $4, img = $5, background = $6, pc = $7,
       pcsite = $8, move = $9, movesite = $10, updated_at = now() WHERE id = $11 AND deleted_at IS NULL`,
    [...fieldValues(fields), id],
  );
}

/** Moves a menu to the recycle bin (the caller has checked it has no children or cases outside the bin). */
export async function trashMenu(db: Sql, id: number, adminId: number): Promise<void> {
  await execute(db, 'UPDATE menu SET deleted_at = now(), deleted_by = $2 WHERE id = $1 AND deleted_at IS NULL', [
    id,
    adminId,
  ]);
}
