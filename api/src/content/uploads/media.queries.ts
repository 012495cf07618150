import type { MediaItem, MediaUsage, MediaUse } from '@site/shared-types';
import type { PageWindow } from '../../core/admin-list.js';
import { execute, query, queryCount, queryOne, type Sql } from '../../core/sql.js';

/** A picture as the library lists it, before its uses are added. */
export type MediaRow = Omit<MediaItem, 'uses' | 'demo'>;

/** What an upload or the reconciliation records of a stored picture. */
export interface NewMedia {
  url: string;
  name: string;
  bytes: number;
  width: number;
  height: number;
  mime: string;
  /** When it was stored; now when absent. */
  createdAt?: Date;
}

/**
 * Every place that uses the picture at `url` (an SQL expression), as rows `kind, id, title, trashed`: the columns
 * that can hold a picture's address (docs/decisions.md "Media library"). Searched as a literal substring, so a
 * picture in rich text, in a block's JSON, with `?w=` or under the site's full address counts as well; the stored
 * names are unique (32 random hex, or the whole `seed/v<n>/` path), so one address is never part of another. Items in
 * the recycle bin count. Revisions do not: they are history, not what the site shows.
 *
 * A new column holding pictures must be added here, or a picture it uses could be deleted.
 */
function usesOf(url: string): string {
  const has = (column: string) => `position(${url} in ${column}) > 0`;
  return `
    SELECT 'case' AS kind, c.id, c.name AS title, c.deleted_at IS NOT NULL AS trashed FROM "case" c
      WHERE ${has('c.img')} OR ${has('c.code_img')} OR ${has('c.banner::text')} OR ${has('c.content')}
    UNION ALL
    SELECT 'news', n.id, n.title, n.deleted_at IS NOT NULL FROM news n
      WHERE ${has('n.img')} OR ${has('n.content')}
    UNION ALL
    SELECT 'menu', mn.id, mn.name, mn.deleted_at IS NOT NULL FROM menu mn
      WHERE ${has('mn.img')} OR ${has('mn.background')} OR ${has('mn.intro')}
    UNION ALL
    SELECT 'block', 0, CASE b.key
        WHEN 'header' THEN '页头设置' WHEN 'footer' THEN '页脚设置' WHEN 'home' THEN '首页设置'
        WHEN 'about' THEN '关于我们' WHEN 'contact' THEN '联系方式' ELSE b.key END, false
      FROM site_block b WHERE ${has('b.value::text')}`;
}

/** Bins and items in a fixed order: blocks, cases, articles, menus; by id within a kind. */
const USE_ORDER = `CASE kind WHEN 'block' THEN 0 WHEN 'case' THEN 1 WHEN 'news' THEN 2 ELSE 3 END, id`;

const COLUMNS = `m.id, m.url, m.name, m.bytes, m.width, m.height,
  to_char(m.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time`;

/**
 * `$1` the search ('' matches all), `$2` the usage filter. The usage is read from the content for each picture of
 * the library, which a company site's few thousand pictures and few hundred items afford.
 */
const WHERE = `($1::text = '' OR position(lower($1) in lower(m.name)) > 0)
  AND CASE $2::text
    WHEN 'all' THEN true
    WHEN 'used' THEN EXISTS (${usesOf('m.url')})
    WHEN 'unused' THEN NOT EXISTS (${usesOf('m.url')})
    ELSE EXISTS (SELECT 1 FROM (${usesOf('m.url')}) u WHERE u.kind = $2::text)
  END`;

/** Newest first, each picture with its uses (a JSON array). */
export function listMedia(
  db: Sql,
  search: string,
  usage: MediaUsage,
  window: PageWindow,
): Promise<(MediaRow & { uses: MediaUse[] })[]> {
  return query(
    db,
    `SELECT ${COLUMNS},
       (SELECT coalesce(json_agg(json_build_object('kind', u.kind, 'id', u.id, 'title', u.title, 'trashed', u.trashed)
          ORDER BY ${USE_ORDER}), '[]'::json) FROM (${usesOf('m.url')}) u) AS uses
     FROM media m WHERE ${WHERE}
     ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4`,
    [search, usage, window.limit, window.offset],
  );
}

export function countMedia(db: Sql, search: string, usage: MediaUsage): Promise<number> {
  return queryCount(db, `SELECT count(*)::int AS n FROM media m WHERE ${WHERE}`, [search, usage]);
}

/** Where the picture at `url` is used (empty: nowhere). */
export function mediaUses(db: Sql, url: string): Promise<MediaUse[]> {
  return query<MediaUse>(db, `SELECT kind, id, title, trashed FROM (${usesOf('$1::text')}) u ORDER BY ${USE_ORDER}`, [
    url,
  ]);
}

/** The picture, its row locked until the transaction ends (a second delete waits, then finds nothing). */
export function lockMedia(db: Sql, id: number): Promise<{ id: number; url: string } | undefined> {
  return queryOne(db, 'SELECT id, url FROM media WHERE id = $1 FOR UPDATE', [id]);
}

/**
 * Holds off every save of the content that can use a picture until the transaction ends, and waits for the saves
 * under way to commit: what the delete then reads of the uses is final.
 */
export async function lockContent(db: Sql): Promise<void> {
  await execute(db, 'LOCK TABLE "case", news, menu, site_block IN SHARE MODE');
}

export function deleteMedia(db: Sql, id: number): Promise<number> {
  return execute(db, 'DELETE FROM media WHERE id = $1', [id]);
}

/** Records a stored picture; a second record of the same address (another server reconciling) is ignored. */
export async function insertMedia(db: Sql, media: NewMedia): Promise<void> {
  await execute(
    db,
    `INSERT INTO media (url, name, bytes, width, height, mime, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now()))
     ON CONFLICT (url) DO NOTHING`,
    [media.url, media.name, media.bytes, media.width, media.height, media.mime, media.createdAt ?? null],
  );
}

/** Every recorded address (the reconciliation compares them with the store's keys). */
export async function mediaUrls(db: Sql): Promise<Set<string>> {
  const rows = await query<{ url: string }>(db, 'SELECT url FROM media');
  return new Set(rows.map((row) => row.url));
}
