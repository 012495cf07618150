import { SEO_FIELD_NAMES, type ItemStatus, type NewsDetail, type Publishing, type SeoFields } from '@site/shared-types';
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
 * A row of `news` as the driver reads it (`date` as `yyyy-MM-dd`): the columns carry the wire's names and types,
 * so the row is the detail without its neighbours.
 */
export type NewsRow = Omit<NewsDetail, 'uptitle' | 'upId' | 'downtitle' | 'downId'> & Publishing;

/** Every column an article has, in the order the edit form shows them. */
export const NEWS_COLUMNS = [
  'id',
  'title',
  'intro',
  'img',
  'content',
  'dynamic_id',
  'create_time',
  ...SEO_FIELD_NAMES,
] as const;

/** What the edit form holds: every column, and the state. */
export const NEWS_FORM_KEYS = [...NEWS_COLUMNS, 'status', 'publish_at'] as const;

/** Every column of an article, its state and its review, as the wire carries them. */
const newsColumns = (alias: string) =>
  `${columnList(alias, NEWS_COLUMNS)}, ${publishingColumns(alias)}, ${reviewColumns(alias)}`;

/** An article as the back office reads and writes it: the row with its review. */
export type StoredNews = NewsRow & ReviewColumns;

/** The columns of an article as lists show it (`NewsSummary`), in the answer's order. */
export const NEWS_SUMMARY_KEYS = ['id', 'title', 'intro', 'img', 'create_time', 'dynamic_id'] as const;

export type NewsSummaryRow = Pick<NewsRow, (typeof NEWS_SUMMARY_KEYS)[number]>;

/** An article with its neighbours in its category: "up" is the newer one, "down" the older; `null` at the ends. */
export interface NewsDetailRow extends NewsSummaryRow, SeoFields {
  content: string;
  up_id: number | null;
  uptitle: string | null;
  down_id: number | null;
  downtitle: string | null;
}

export type NewsBriefRow = Pick<NewsRow, 'id' | 'title' | 'intro' | 'create_time'>;

export interface NewsAdminListRow extends NewsSummaryRow, Publishing, Pick<ReviewColumns, 'review'> {
  dynamic_name: string;
}

/**
 * What a save writes: every column but the id. An SEO field left out is empty on a new article and keeps its stored
 * value on an update.
 */
export type NewsFields = Omit<NewsRow, 'id' | keyof SeoFields | keyof Publishing> &
  Partial<SeoFields> &
  PublishingFields &
  ReviewWrite;

export interface NewsAdminFilter {
  /** Category; 0: all. */
  menu: number;
  /** Literal substring of the title; '': all. */
  search: string;
  /** One state; '': all. */
  status: ItemStatus | '';
  /** The author's account (a contributor sees only their own articles); 0: everybody's. */
  author: number;
}

const NEWS_SUMMARY_COLUMNS = columnList('n', NEWS_SUMMARY_KEYS);

/** Newest first, id as the tie-breaker: a total order, so cursors never skip or repeat. */
const NEWS_LIST_ORDER = 'n.create_time DESC, n.id DESC';

export function listNewsCategories(db: Sql): Promise<LinkRow[]> {
  return query<LinkRow>(db, 'SELECT id, name FROM news_category ORDER BY position ASC, id ASC');
}

export async function newsCategoryExists(db: Sql, id: number): Promise<boolean> {
  return (await query<{ found: number }>(db, 'SELECT 1 AS found FROM news_category WHERE id = $1', [id])).length > 0;
}

/**
 * The rows the back office's lists may see: an article in the recycle bin (`deleted_at` set) is nowhere but in the
 * bin (docs/decisions.md "Recycle bin and revisions"). Public reads see only the published ones (`isPublic`). Every
 * query of an article names one of the two.
 */
export const LIVE_NEWS = (alias: string) => `${alias}.deleted_at IS NULL`;

/** The articles of a category; 0 keeps every category. */
export const inCategory = (category: number): SqlFilter => ({
  where: '$1::int = 0 OR n.dynamic_id = $1::int',
  param: category,
});

/**
 * A step of the published articles a filter keeps, in the news list order, from `start` (core/list-cursor.ts): after
 * an entry, the index is entered at that entry; from an offset, the index alone is walked to it (the rows are
 * read only for the step itself). An entry purged since its cursor was answered ends the list.
 */
export async function listNews(
  db: Sql,
  filter: SqlFilter,
  start: ListStart,
  amount: number,
): Promise<NewsSummaryRow[]> {
  if (start.after) {
    const anchor = await queryOne<{ create_time: string }>(db, 'SELECT create_time FROM news WHERE id = $1', [
      start.after,
    ]);
    if (!anchor) return [];
    return query<NewsSummaryRow>(
      db,
      `SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE (${filter.where}) AND ${isPublic('n')}
         AND n.create_time <= $3::date AND (n.create_time, n.id) < ($3::date, $4::int)
       ORDER BY ${NEWS_LIST_ORDER} LIMIT $2`,
      [filter.param, amount, anchor.create_time, start.after],
    );
  }
  return query<NewsSummaryRow>(
    db,
    `SELECT ${NEWS_SUMMARY_COLUMNS} FROM news n WHERE n.id IN (
       SELECT n.id FROM news n WHERE (${filter.where}) AND ${isPublic('n')} ORDER BY ${NEWS_LIST_ORDER} LIMIT $2 OFFSET $3)
     ORDER BY ${NEWS_LIST_ORDER}`,
    [filter.param, amount, start.offset],
  );
}

/**
 * The neighbour of article `n` in its category on one side: `newer` ("up") or older ("down"), in the list order;
 * found in the index from the article's own place.
 */
const neighbour = (side: 'newer' | 'older') => {
  const [compare, order] = side === 'newer' ? ['>', 'ASC'] : ['<', 'DESC'];
  return `SELECT o.id, o.title FROM news o
    WHERE o.dynamic_id = n.dynamic_id AND ${isPublic('o')} AND o.create_time ${compare}= n.create_time
      AND (o.create_time, o.id) ${compare} (n.create_time, n.id)
    ORDER BY o.create_time ${order}, o.id ${order} LIMIT 1`;
};

export function findNewsDetail(db: Sql, id: number, audience: Audience = 'public'): Promise<NewsDetailRow | undefined> {
  return queryOne<NewsDetailRow>(
    db,
    `SELECT ${NEWS_SUMMARY_COLUMNS}, n.content, ${columnList('n', SEO_FIELD_NAMES)},
            up.id AS up_id, up.title AS uptitle, down.id AS down_id, down.title AS downtitle
     FROM news n
     LEFT JOIN LATERAL (${neighbour('newer')}) up ON true
     LEFT JOIN LATERAL (${neighbour('older')}) down ON true
     WHERE n.id = $1 AND ${detailRows('n', audience)}`,
    [id],
  );
}

/** The newest articles of a category. */
export function listNewsBriefs(db: Sql, category: number, limit: number): Promise<NewsBriefRow[]> {
  return query<NewsBriefRow>(
    db,
    `SELECT n.id, n.title, n.intro, n.create_time FROM news n WHERE n.dynamic_id = $1 AND ${isPublic('n')}
     ORDER BY ${NEWS_LIST_ORDER} LIMIT $2`,
    [category, limit],
  );
}

const ADMIN_WHERE = `${LIVE_NEWS('n')} AND ($1::int = 0 OR n.dynamic_id = $1)
  AND ($2::text = '' OR (n.search_grams @> search_needles($2) AND position(lower($2) in lower(n.title)) > 0)) AND ($3::text = '' OR n.status = $3)
  AND ($4::int = 0 OR n.author_id = $4)`;

const adminParams = (filter: NewsAdminFilter) => [filter.menu, filter.search, filter.status, filter.author];

/**
 * The back office's list, in the public order, with the category's name. The page is found in the index of the
 * rows outside the bin, which carries the filtered columns (a title search reads the rows); then only its rows are
 * read.
 */
export function listAdminNews(db: Sql, filter: NewsAdminFilter, window: PageWindow): Promise<NewsAdminListRow[]> {
  return query<NewsAdminListRow>(
    db,
    `SELECT ${NEWS_SUMMARY_COLUMNS}, ${publishingColumns('n')}, n.review, k.name AS dynamic_name
     FROM news n JOIN news_category k ON k.id = n.dynamic_id
     WHERE n.id IN (SELECT n.id FROM news n WHERE ${ADMIN_WHERE} ORDER BY ${NEWS_LIST_ORDER} LIMIT $5 OFFSET $6)
     ORDER BY ${NEWS_LIST_ORDER}`,
    [...adminParams(filter), window.limit, window.offset],
  );
}

export function countAdminNews(db: Sql, filter: NewsAdminFilter): Promise<number> {
  return queryCount(db, `SELECT count(*)::int AS n FROM news n WHERE ${ADMIN_WHERE}`, adminParams(filter));
}

export function findNews(db: Sql, id: number): Promise<StoredNews | undefined> {
  return queryOne<StoredNews>(db, `SELECT ${newsColumns('n')} FROM news n WHERE n.id = $1 AND ${LIVE_NEWS('n')}`, [id]);
}

const fieldValues = (fields: NewsFields) => [
  fields.title,
  fields.intro,
  fields.img,
  fields.content,
  fields.dynamic_id,
  fields.create_time,
  // NULL: left out (an insert stores '', an update keeps the stored value).
  fields.seo_title ?? null,
  fields.seo_keywords ?? null,
  fields.seo_description ?? null,
  fields.status,
  fields.publish_at,
];

/** Inserts an article (its author: `author_id`); answers the row as stored. */
export async function insertNews(db: Sql, fields: NewsFields): Promise<StoredNews> {
  const row = await queryOne<StoredNews>(
    db,
    `INSERT INTO news AS n (title, intro, img, content, dynamic_id, create_time, seo_title, seo_keywords,
       seo_description, status, publish_at, author_id)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, ''), coalesce($8, ''), coalesce($9, ''), $10, $11, $12)
     RETURNING ${newsColumns('n')}`,
    [...fieldValues(fields), fields.author_id ?? null],
  );
  if (!row) throw new Error('INSERT … RETURNING returned no row');
  return row;
}

const REVIEW_UPDATE = reviewUpdate('n', '$14::text', '$13::int');

/**
 * Answers the row as stored with the state it had before (`was_status`, read from the row locked first), `undefined`
 * when there is no such article outside the recycle bin (or, for a contributor's save, no draft of theirs:
 * `ReviewWrite`).
 */
export function updateNews(
  db: Sql,
  id: number,
  fields: NewsFields,
): Promise<(StoredNews & { was_status: ItemStatus }) | undefined> {
  return queryOne<StoredNews & { was_status: ItemStatus }>(
    db,
    `UPDATE news n SET title = $1, intro = $2, img = $3, content = $4, dynamic_id = $5, create_time = $6,
       seo_title = coalesce($7, n.seo_title), seo_keywords = coalesce($8, n.seo_keywords),
       seo_description = coalesce($9, n.seo_description), status = $10, publish_at = $11, updated_at = now(),
       ${REVIEW_UPDATE.set}
     FROM (SELECT id, status, author_id, review, review_number FROM news WHERE id = $12 AND deleted_at IS NULL FOR UPDATE) was
     WHERE n.id = was.id AND ${REVIEW_UPDATE.guard} RETURNING ${newsColumns('n')}, was.status AS was_status`,
    [...fieldValues(fields), id, fields.author_id ?? null, fields.review_write ?? 'end'],
  );
}
