import {
  MenuId,
  SEO_FIELD_NAMES,
  type CaseDetail,
  type ItemStatus,
  type Publishing,
  type SeoFields,
} from '@site/shared-types';
import { columnList, query, queryCount, queryOne } from '../../core/sql.js';
import {
  detailRows,
  isPublic,
  publishingColumns,
  reviewColumns,
  reviewUpdate,
  type Audience,
  type PublishingFields,
  type ReviewColumns,
  type ReviewWrite,
} from '../editing/publishing.js';
import type { Sql, SqlFilter } from '../../core/sql.js';
import type { PageWindow } from '../../core/admin-list.js';
import type { ListStart } from '../../core/list-cursor.js';
import type { LinkRow } from '../../core/wire.js';

/**
 * A row of `"case"` as the driver reads it (`date` as `yyyy-MM-dd`, jsonb parsed): the columns carry the wire's
 * names and types, so the row is the detail without its neighbours.
 */
export type CaseRow = Omit<CaseDetail, 'upId' | 'upname' | 'caseup' | 'downId' | 'downname' | 'casedown'> & Publishing;

/** The columns every case answer starts with. */
const CASE_HEAD = ['id', 'name', 'intro', 'scene', 'site', 'img'] as const;

/** Every column a case has, in the order the edit form shows them. */
export const CASE_COLUMNS = [
  ...CASE_HEAD,
  'code_img',
  'banner',
  'top',
  'dict_id',
  'class_id',
  'content',
  'create_time',
  ...SEO_FIELD_NAMES,
] as const;

/** What the edit form holds: every column, and the state. */
export const CASE_FORM_KEYS = [...CASE_COLUMNS, 'status', 'publish_at'] as const;

/** Every column of a case, its state and its review, as the wire carries them. */
const caseColumns = (alias: string) =>
  `${columnList(alias, CASE_COLUMNS)}, ${publishingColumns(alias)}, ${reviewColumns(alias)}`;

/** A case as the back office reads and writes it: the row with its review. */
export type StoredCase = CaseRow & ReviewColumns;

/** The columns of a case as lists show it (`CaseSummary`), in the answer's order. */
export const CASE_SUMMARY_KEYS = [...CASE_HEAD, 'top', 'dict_id', 'class_id', 'create_time'] as const;

/** What a detail adds to the summary (the SEO fields for the page's head). */
export const CASE_DETAIL_KEYS = ['code_img', 'banner', 'content', ...SEO_FIELD_NAMES] as const;

export type CaseSummaryRow = Pick<CaseRow, (typeof CASE_SUMMARY_KEYS)[number]>;

export type CaseDetailRow = CaseSummaryRow & Pick<CaseRow, (typeof CASE_DETAIL_KEYS)[number]>;

export interface CaseAdminListRow extends CaseSummaryRow, Publishing, Pick<ReviewColumns, 'review'> {
  dict_name: string;
  class_name: string;
}

/** The previous ("up") and next ("down") case in a list; all `null` at the list's ends. */
export interface CaseNeighbourRow {
  up_id: number | null;
  up_name: string | null;
  down_id: number | null;
  down_name: string | null;
}

export type SuccessCaseRow = Pick<CaseRow, 'id' | 'img' | 'name' | 'scene'>;

/**
 * What a save writes: every column but the id. An SEO field left out is empty on a new case and keeps its stored
 * value on an update.
 */
export type CaseFields = Omit<CaseRow, 'id' | keyof SeoFields | keyof Publishing> &
  Partial<SeoFields> &
  PublishingFields &
  ReviewWrite;

export interface MenuBannerRow {
  id: number;
  name: string;
  intro: string;
  background: string;
}

export interface MenuOfferingRow {
  id: number;
  name: string;
  img: string;
  intro: string;
}

/** Which list a case belongs to: a service menu (`dict_id`) or a customer-case tab (`class_id`). */
export interface CaseScope {
  column: 'dict_id' | 'class_id';
  value: number;
}

export interface CaseAdminFilter {
  /** Service menu; 0: all. */
  menu: number;
  /** Customer-case tab; 0: all. */
  classic: number;
  /** Literal substring of the name; '': all. */
  search: string;
  /** One state; '': all. */
  status: ItemStatus | '';
  /** The author's account (a contributor sees only their own cases); 0: everybody's. */
  author: number;
}

const CASE_SUMMARY_COLUMNS = columnList('c', CASE_SUMMARY_KEYS);

/** The one case list order (pinned first, newest first, id last): a total order, so cursors never skip or repeat. */
const caseListOrder = (alias: string) => `${alias}.top ASC, ${alias}.create_time DESC, ${alias}.id DESC`;
const CASE_LIST_ORDER = caseListOrder('c');

/**
 * The rows the back office's lists may see: a case in the recycle bin (`deleted_at` set) is nowhere but in the bin
 * (docs/decisions.md "Recycle bin and revisions"). Public reads see only the published ones (`isPublic`). Every
 * query of a case names one of the two.
 */
export const LIVE_CASE = (alias: string) => `${alias}.deleted_at IS NULL`;

export const inScope = (scope: CaseScope): SqlFilter => ({ where: `c.${scope.column} = $1`, param: scope.value });

/**
 * A step of the published cases a filter keeps, in the case list order, from `start` (core/list-cursor.ts). After
 * an entry, the step is the rest of the entry's pin group (found in the index from the entry's place) followed by
 * the groups after it; from an offset, the index alone is walked to it. An entry purged since its cursor was
 * answered ends the list.
 */
export async function listCases(
  db: Sql,
  filter: SqlFilter,
  start: ListStart,
  amount: number,
): Promise<CaseSummaryRow[]> {
  if (start.after) {
    const anchor = await queryOne<{ top: number; create_time: string }>(
      db,
      'SELECT top, create_time FROM "case" WHERE id = $1',
      [start.after],
    );
    if (!anchor) return [];
    const step = (where: string) =>
      `(SELECT ${CASE_SUMMARY_COLUMNS} FROM "case" c WHERE (${filter.where}) AND ${isPublic('c')} AND ${where}
        ORDER BY ${CASE_LIST_ORDER} LIMIT $2)`;
    return query<CaseSummaryRow>(
      db,
      `SELECT * FROM (
         ${step('c.top = $3 AND c.create_time <= $4::date AND (c.create_time, c.id) < ($4::date, $5::int)')}
         UNION ALL ${step('c.top > $3')}
       ) c ORDER BY ${CASE_LIST_ORDER} LIMIT $2`,
      [filter.param, amount, anchor.top, anchor.create_time, start.after],
    );
  }
  return query<CaseSummaryRow>(
    db,
    `SELECT ${CASE_SUMMARY_COLUMNS} FROM "case" c WHERE c.id IN (
       SELECT c.id FROM "case" c WHERE (${filter.where}) AND ${isPublic('c')} ORDER BY ${CASE_LIST_ORDER} LIMIT $2 OFFSET $3)
     ORDER BY ${CASE_LIST_ORDER}`,
    [filter.param, amount, start.offset],
  );
}

/**
 * The neighbour of case `c` in its list (the cases sharing its `column`) on one side, in the list order: the one
 * before it ("up") or after it ("down"). It is in the case's own pin group if there is one on that side, else in
 * the nearest group; each is found in the index from the case's place.
 */
function caseNeighbour(column: 'dict_id' | 'class_id', side: 'before' | 'after'): string {
  const [compare, order, otherGroups, groupOrder] =
    side === 'before' ? ['>', 'ASC', '<', 'DESC'] : ['<', 'DESC', '>', 'ASC'];
  const candidate = (rank: number, where: string, orderBy: string) =>
    `(SELECT ${rank} AS rank, o.id, o.name FROM "case" o
      WHERE o.${column} = c.${column} AND ${isPublic('o')} AND ${where} ORDER BY ${orderBy} LIMIT 1)`;
  return `SELECT t.id, t.name FROM (
      ${candidate(
        1,
        `o.top = c.top AND o.create_time ${compare}= c.create_time AND (o.create_time, o.id) ${compare} (c.create_time, c.id)`,
        `o.create_time ${order}, o.id ${order}`,
      )}
      UNION ALL
      ${candidate(2, `o.top ${otherGroups} c.top`, `o.top ${groupOrder}, o.create_time ${order}, o.id ${order}`)}
    ) t ORDER BY t.rank LIMIT 1`;
}

/**
 * A case with its neighbours in the list it was opened from (the cases sharing its tab, `class_id`, or its
 * service menu, `dict_id`), in one statement: a page reads its case once.
 */
export function findCaseDetail(
  db: Sql,
  id: number,
  list: CaseScope['column'],
  audience: Audience = 'public',
): Promise<(CaseDetailRow & CaseNeighbourRow) | undefined> {
  const column = list === 'class_id' ? 'class_id' : 'dict_id';
  return queryOne<CaseDetailRow & CaseNeighbourRow>(
    db,
    `SELECT ${CASE_SUMMARY_COLUMNS}, ${columnList('c', CASE_DETAIL_KEYS)},
            up.id AS up_id, up.name AS up_name, down.id AS down_id, down.name AS down_name
     FROM "case" c
     LEFT JOIN LATERAL (${caseNeighbour(column, 'before')}) up ON true
     LEFT JOIN LATERAL (${caseNeighbour(column, 'after')}) down ON true
     WHERE c.id = $1 AND ${detailRows('c', audience)}`,
    [id],
  );
}

/** The first cases of all lists together (the home page's success cases). */
export function listSuccessCases(db: Sql, limit: number): Promise<SuccessCaseRow[]> {
  return query<SuccessCaseRow>(
    db,
    `SELECT c.id, c.img, c.name, c.scene FROM "case" c WHERE ${isPublic('c')} ORDER BY ${CASE_LIST_ORDER} LIMIT $1`,
    [limit],
  );
}

export function listCaseClasses(db: Sql): Promise<LinkRow[]> {
  return query<LinkRow>(db, 'SELECT id, name FROM case_class ORDER BY position ASC, id ASC');
}

/** Whether the list a scope names exists (the tab or the menu). */
export async function caseListExists(db: Sql, scope: CaseScope): Promise<boolean> {
  // A menu in the recycle bin has no list.
  const text =
    scope.column === 'class_id'
      ? 'SELECT 1 AS found FROM case_class WHERE id = $1'
      : 'SELECT 1 AS found FROM menu WHERE id = $1 AND deleted_at IS NULL';
  return (await query<{ found: number }>(db, text, [scope.value])).length > 0;
}

export function findMenuBanner(db: Sql, menuId: number): Promise<MenuBannerRow | undefined> {
  return queryOne<MenuBannerRow>(
    db,
    'SELECT id, name, intro, background FROM menu WHERE id = $1 AND deleted_at IS NULL',
    [menuId],
  );
}

/** The sub-menus the administrator shows on the desktop site, in their positions. */
export function listMenuOfferings(db: Sql, menuId: number): Promise<MenuOfferingRow[]> {
  return query<MenuOfferingRow>(
    db,
    'SELECT id, name, img, intro FROM menu WHERE parent_id = $1 AND pc AND deleted_at IS NULL ORDER BY pcsite ASC, id ASC',
    [menuId],
  );
}

/** Menus a case can be filed under: the top-level menus other than home, customer cases and about. */
export function listServiceMenus(db: Sql): Promise<LinkRow[]> {
  return query<LinkRow>(
    db,
    'SELECT id, name FROM menu WHERE grade = 1 AND id <> ALL($1) AND deleted_at IS NULL ORDER BY pcsite ASC, id ASC',
    [[MenuId.Home, MenuId.Cases, MenuId.About]],
  );
}

const ADMIN_WHERE = `${LIVE_CASE('c')} AND ($1::int = 0 OR c.dict_id = $1) AND ($2::int = 0 OR c.class_id = $2)
  AND ($3::text = '' OR (c.search_grams @> search_needles($3) AND position(lower($3) in lower(c.name)) > 0)) AND ($4::text = '' OR c.status = $4)
  AND ($5::int = 0 OR c.author_id = $5)`;

const adminParams = (filter: CaseAdminFilter) => [
  filter.menu,
  filter.classic,
  filter.search,
  filter.status,
  filter.author,
];

/**
 * The back office's list: newest first, with the names of the menu and the tab. The page is found in the index of
 * the rows outside the bin, which carries the filtered columns (a name search reads the rows); then only its rows
 * are read.
 */
export function listAdminCases(db: Sql, filter: CaseAdminFilter, window: PageWindow): Promise<CaseAdminListRow[]> {
  return query<CaseAdminListRow>(
    db,
    `SELECT ${CASE_SUMMARY_COLUMNS}, ${publishingColumns('c')}, c.review, m.name AS dict_name, k.name AS class_name
     FROM "case" c JOIN menu m ON m.id = c.dict_id JOIN case_class k ON k.id = c.class_id
     WHERE c.id IN (SELECT c.id FROM "case" c WHERE ${ADMIN_WHERE} ORDER BY c.create_time DESC, c.id DESC LIMIT $6 OFFSET $7)
     ORDER BY c.create_time DESC, c.id DESC`,
    [...adminParams(filter), window.limit, window.offset],
  );
}

export function countAdminCases(db: Sql, filter: CaseAdminFilter): Promise<number> {
  return queryCount(db, `SELECT count(*)::int AS n FROM "case" c WHERE ${ADMIN_WHERE}`, adminParams(filter));
}

export function findCase(db: Sql, id: number): Promise<StoredCase | undefined> {
  return queryOne<StoredCase>(db, `SELECT ${caseColumns('c')} FROM "case" c WHERE c.id = $1 AND ${LIVE_CASE('c')}`, [
    id,
  ]);
}

const fieldValues = (fields: CaseFields) => [
  fields.name,
  fields.intro,
  fields.scene,
  fields.site,
  fields.img,
  fields.code_img,
  JSON.stringify(fields.banner),
  fields.top,
  fields.dict_id,
  fields.class_id,
  fields.content,
  fields.create_time,
  // NULL: left out (an insert stores '', an update keeps the stored value).
  fields.seo_title ?? null,
  fields.seo_keywords ?? null,
  fields.seo_description ?? null,
  fields.status,
  fields.publish_at,
];

/** Inserts a case (its author: `author_id`); answers the row as stored. */
export async function insertCase(db: Sql, fields: CaseFields): Promise<StoredCase> {
  const row = await queryOne<StoredCase>(
    db,
    `INSERT INTO "case" AS c (name, intro, scene, site, img, code_img, banner, top, dict_id, class_id, content,
       create_time, seo_title, seo_keywords, seo_description, status, publish_at, author_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12,
       coalesce($13, ''), coalesce($14, ''), coalesce($15, ''), $16, $17, $18) RETURNING ${caseColumns('c')}`,
    [...fieldValues(fields), fields.author_id ?? null],
  );
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return row;
}

const REVIEW_UPDATE = reviewUpdate('c', '$20::text', '$19::int');

/**
 * Answers the row as stored with the state it had before (`was_status`, read from the row locked first), `undefined`
 * when there is no such case outside the recycle bin (or, for a contributor's save, no draft of theirs:
 * `ReviewWrite`).
 */
export function updateCase(
  db: Sql,
  id: number,
  fields: CaseFields,
): Promise<(StoredCase & { was_status: ItemStatus }) | undefined> {
  return queryOne<StoredCase & { was_status: ItemStatus }>(
    db,
    `UPDATE "case" c SET name = $1, intro = $2, scene = $3, site = $4, img = $5, code_img = $6, banner = $7::jsonb,
       top = $8, dict_id = $9, class_id = $10, content = $11, create_time = $12,
       seo_title = coalesce($13, c.seo_title), seo_keywords = coalesce($14, c.seo_keywords),
       seo_description = coalesce($15, c.seo_description), status = $16, publish_at = $17, updated_at = now(),
       ${REVIEW_UPDATE.set}
     FROM (SELECT id, status, author_id, review, review_number FROM "case" WHERE id = $18 AND deleted_at IS NULL FOR UPDATE) was
     WHERE c.id = was.id AND ${REVIEW_UPDATE.guard} RETURNING ${caseColumns('c')}, was.status AS was_status`,
    [...fieldValues(fields), id, fields.author_id ?? null, fields.review_write ?? 'end'],
  );
}
