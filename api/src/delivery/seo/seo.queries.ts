import { MenuId } from '@site/shared-types';
import { isPublic } from '../../content/editing/publishing.js';
import { query, queryOne, type Sql } from '../../core/sql.js';

/** A page of the sitemap read from a row: its id and when it last changed (`null`: nothing to tell). */
export interface DatedRow {
  id: number;
  lastmod: Date | null;
}

/** When each kind of published content last changed (`null`: there is none). */
export interface ContentDates {
  cases: Date | null;
  news: Date | null;
  menus: Date | null;
  blocks: Date | null;
  about: Date | null;
  contact: Date | null;
  keywords: Date | null;
}

/** Menus whose page is a list page (`/items/{id}.html`): grade 1 shown on that site, not home, cases or about. */
const LIST_MENUS = `m.grade = 1 AND m.id <> ALL($1) AND m.deleted_at IS NULL`;
const NOT_LIST_PAGES = [MenuId.Home, MenuId.Cases, MenuId.About];

/**
 * The list pages of one site: the top-level menus it shows (the desktop navigation's `/items/{id}.html`
 * entries), each dated by its own change or the newest change of a case filed under it.
 */
export function listSitemapMenus(db: Sql, site: 'pc' | 'move'): Promise<DatedRow[]> {
  const column = site === 'pc' ? 'pc' : 'move';
  return query<DatedRow>(
    db,
    `SELECT m.id, greatest(m.updated_at, (SELECT max(c.updated_at) FROM "case" c WHERE c.dict_id = m.id AND ${isPublic('c')})) AS lastmod
     FROM menu m WHERE ${LIST_MENUS} AND m.${column} ORDER BY m.${column === 'pc' ? 'pcsite' : 'movesite'} ASC, m.id ASC`,
    [NOT_LIST_PAGES],
  );
}

/** Every customer-case tab, dated by the newest change of its cases. */
export function listSitemapTabs(db: Sql): Promise<DatedRow[]> {
  return query<DatedRow>(
    db,
    `SELECT k.id, (SELECT max(c.updated_at) FROM "case" c WHERE c.class_id = k.id AND ${isPublic('c')}) AS lastmod
     FROM case_class k ORDER BY k.position ASC, k.id ASC`,
  );
}

/** Every published case (not a draft or a scheduled one, nor one in the recycle bin). */
export function listSitemapCases(db: Sql, limit: number | null = null): Promise<DatedRow[]> {
  return query<DatedRow>(
    db,
    `SELECT c.id, greatest(c.created_at, c.updated_at) AS lastmod FROM "case" c WHERE ${isPublic('c')} ORDER BY c.id ASC LIMIT $1`,
    [limit],
  );
}

/** Every published article. */
export function listSitemapNews(db: Sql, limit: number | null = null): Promise<DatedRow[]> {
  return query<DatedRow>(
    db,
    `SELECT n.id, greatest(n.created_at, n.updated_at) AS lastmod FROM news n WHERE ${isPublic('n')} ORDER BY n.id ASC LIMIT $1`,
    [limit],
  );
}

/** The items that have pages of their own in the sitemaps: cases and articles. */
export type SitemapItemKind = 'case' | 'news';

const ITEM_TABLES: Record<SitemapItemKind, string> = { case: '"case"', news: 'news' };

/** How many published items of each kind there are (the sitemaps' length, with their few fixed pages). */
export async function countSitemapItems(db: Sql): Promise<Record<SitemapItemKind, number>> {
  const row = await queryOne<Record<SitemapItemKind, number>>(
    db,
    `SELECT (SELECT count(*)::int FROM "case" i WHERE ${isPublic('i')}) AS "case",
            (SELECT count(*)::int FROM news i WHERE ${isPublic('i')}) AS news`,
  );
  return row ?? { case: 0, news: 0 };
}

/**
 * How the published items of `kind`, in id order, fall into the files of the desktop and the mobile sitemap
 * (`perFile` addresses each) when `before.desktop` and `before.mobile` addresses come first in them: for each run
 * of items that share a desktop file and a mobile file, both files' numbers (from 0), how many items and their
 * newest change. One pass over the items serves both sitemaps.
 */
export function sitemapItemParts(
  db: Sql,
  kind: SitemapItemKind,
  before: { desktop: number; mobile: number },
  perFile: number,
): Promise<Array<{ desktop: number; mobile: number; count: number; lastmod: Date | null }>> {
  return query(
    db,
    `SELECT (($1::bigint + n - 1) / $3::int)::int AS desktop, (($2::bigint + n - 1) / $3::int)::int AS mobile,
            count(*)::int AS count, max(lastmod) AS lastmod
     FROM (SELECT row_number() OVER (ORDER BY i.id) AS n, greatest(i.created_at, i.updated_at) AS lastmod
           FROM ${ITEM_TABLES[kind]} i WHERE ${isPublic('i')}) numbered
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [before.desktop, before.mobile, perFile],
  );
}

/** Published items of `kind` in id order, `limit` of them from the `offset`th (the first batch of a file). */
export function sitemapItemsAt(db: Sql, kind: SitemapItemKind, offset: number, limit: number): Promise<DatedRow[]> {
  return query<DatedRow>(
    db,
    `SELECT i.id, greatest(i.created_at, i.updated_at) AS lastmod FROM ${ITEM_TABLES[kind]} i
     WHERE ${isPublic('i')} ORDER BY i.id ASC OFFSET $1 LIMIT $2`,
    [offset, limit],
  );
}

/** Published items of `kind` in id order, `limit` of them after the id `after` (the next batches: keyset). */
export function sitemapItemsAfter(db: Sql, kind: SitemapItemKind, after: number, limit: number): Promise<DatedRow[]> {
  return query<DatedRow>(
    db,
    `SELECT i.id, greatest(i.created_at, i.updated_at) AS lastmod FROM ${ITEM_TABLES[kind]} i
     WHERE ${isPublic('i')} AND i.id > $1 ORDER BY i.id ASC LIMIT $2`,
    [after, limit],
  );
}

export async function findContentDates(db: Sql): Promise<ContentDates> {
  const row = await queryOne<ContentDates>(
    db,
    `SELECT (SELECT max(c.updated_at) FROM "case" c WHERE ${isPublic('c')}) AS cases,
            (SELECT max(n.updated_at) FROM news n WHERE ${isPublic('n')}) AS news,
            (SELECT max(updated_at) FROM menu WHERE deleted_at IS NULL) AS menus,
            (SELECT max(updated_at) FROM site_block) AS blocks,
            (SELECT max(updated_at) FROM site_block WHERE key = 'about') AS about,
            (SELECT max(updated_at) FROM site_block WHERE key = 'contact') AS contact,
            (SELECT max(updated_at) FROM keyword) AS keywords`,
  );
  return row ?? { cases: null, news: null, menus: null, blocks: null, about: null, contact: null, keywords: null };
}
