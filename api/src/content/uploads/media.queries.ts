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
 * The addresses of stored pictures (`isStoredUpload` in shared-types): a random upload name or a demo drawing. The
 * names cannot be part of one another, so finding one in a text finds exactly that picture.
 */
const STORED_PICTURE = String.raw`/uploads/(?:\d{4}/\d{2}/[0-9a-f]{32}\.(?:jpg|png|gif|webp)|seed/v\d+/[a-z0-9-]+\.svg)`;

/**
 * `uses (url, kind, id, title, trashed)`: every stored picture the content uses, read from the columns that can
 * hold a picture's address (docs/decisions.md "Media library") in one pass over the content, whatever the size of
 * the library. A picture in rich text, in a block's JSON, with `?w=` or under the site's full address counts as
 * well. Items in the recycle bin count; revisions do not (they are history, not what the site shows).
 *
 * A new column holding pictures must be added here, or a picture it uses could be deleted.
 */
const USES = `uses AS MATERIALIZED (
  SELECT DISTINCT found[1] AS url, src.kind, src.id, src.title, src.trashed
  FROM (
    SELECT 'case' AS kind, c.id, c.name AS title, c.deleted_at IS NOT NULL AS trashed,
      concat_ws(' ', c.img, c.code_img, c.banner::text, c.content) AS text FROM "case" c
    UNION ALL
    SELECT 'news', n.id, n.title, n.deleted_at IS NOT NULL, concat_ws(' ', n.img, n.content) FROM news n
    UNION ALL
    SELECT 'menu', mn.id, mn.name, mn.deleted_at IS NOT NULL, concat_ws(' ', mn.img, mn.background, mn.intro)
      FROM menu mn
    UNION ALL
    SELECT 'block', 0, CASE b.key
        WHEN 'header' THEN '页头设置' WHEN 'footer' THEN '页脚设置' WHEN 'home' THEN '首页设置'
        WHEN 'about' THEN '关于我们' WHEN 'contact' THEN '联系方式' ELSE b.key END, false, b.value::text
      FROM site_block b
  ) src
  CROSS JOIN LATERAL regexp_matches(src.text, '(${STORED_PICTURE})', 'g') AS found
)`;

/** Blocks, cases, articles, menus; by id within a kind. */
const USE_ORDER = `CASE u.kind WHEN 'block' THEN 0 WHEN 'case' THEN 1 WHEN 'news' THEN 2 ELSE 3 END, u.id`;

const COLUMNS = `m.id, m.url, m.name, m.bytes, m.width, m.height,
  to_char(m.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time`;

/** `$1` the search ('' matches all), `$2` the usage filter (the uses are joined by hash, not looked for per picture). */
const WHERE = `($1::text = '' OR position(lower($1) in lower(m.name)) > 0)
  AND CASE $2::text
    WHEN 'all' THEN true
    WHEN 'used' THEN m.url IN (SELECT url FROM uses)
    WHEN 'unused' THEN m.url NOT IN (SELECT url FROM uses)
    ELSE m.url IN (SELECT url FROM uses WHERE kind = $2::text)
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
    `WITH ${USES}
     SELECT ${COLUMNS},
       (SELECT coalesce(json_agg(json_build_object('kind', u.kind, 'id', u.id, 'title', u.title, 'trashed', u.trashed)
          ORDER BY ${USE_ORDER}), '[]'::json) FROM uses u WHERE u.url = m.url) AS uses
     FROM media m WHERE ${WHERE}
     ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4`,
    [search, usage, window.limit, window.offset],
  );
}

export function countMedia(db: Sql, search: string, usage: MediaUsage): Promise<number> {
  return queryCount(db, `WITH ${USES} SELECT count(*)::int AS n FROM media m WHERE ${WHERE}`, [search, usage]);
}

/** Where the picture at `url` is used (empty: nowhere). */
export function mediaUses(db: Sql, url: string): Promise<MediaUse[]> {
  return query<MediaUse>(
    db,
    `WITH ${USES} SELECT u.kind, u.id, u.title, u.trashed FROM uses u WHERE u.url = $1 ORDER BY ${USE_ORDER}`,
    [url],
  );
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
