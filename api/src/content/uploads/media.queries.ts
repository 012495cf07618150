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
 * Every use of a picture (`media_use`, kept by the database: migration 1764900000000), with the item's current title
 * and whether it is in the recycle bin. `u.url` is the picture's address.
 */
const USES = `media_use u
  LEFT JOIN "case" c ON u.kind = 'case' AND c.id = u.item_id
  LEFT JOIN news n ON u.kind = 'news' AND n.id = u.item_id
  LEFT JOIN menu mn ON u.kind = 'menu' AND mn.id = u.item_id`;

/** The item's current title (a block: its screen's name), and whether it is in the recycle bin. */
const USE_TITLE = `coalesce(CASE u.kind WHEN 'case' THEN c.name WHEN 'news' THEN n.title WHEN 'menu' THEN mn.name
  ELSE CASE u.block WHEN 'header' THEN '页头设置' WHEN 'footer' THEN '页脚设置' WHEN 'home' THEN '首页设置'
    WHEN 'about' THEN '关于我们' WHEN 'contact' THEN '联系方式' ELSE u.block END END, '')`;
const USE_TRASHED = `coalesce(c.deleted_at, n.deleted_at, mn.deleted_at) IS NOT NULL`;

/** Blocks, cases, articles, menus; by id (a block: by key) within a kind. */
const USE_ORDER = `CASE u.kind WHEN 'block' THEN 0 WHEN 'case' THEN 1 WHEN 'news' THEN 2 ELSE 3 END,
  u.item_id, u.block`;

const COLUMNS = `m.id, m.url, m.name, m.bytes, m.width, m.height,
  to_char(m.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time`;

/** `$1` the search ('' matches all), `$2` the usage filter (a lookup in the uses, not a reading of the content). */
const WHERE = `($1::text = '' OR position(lower($1) in lower(m.name)) > 0)
  AND CASE $2::text
    WHEN 'all' THEN true
    WHEN 'used' THEN m.url IN (SELECT url FROM media_use)
    WHEN 'unused' THEN m.url NOT IN (SELECT url FROM media_use)
    ELSE m.url IN (SELECT url FROM media_use WHERE kind = $2::text)
  END`;

/** Newest first, each picture with its uses (a JSON array), read for the page's pictures only. */
export function listMedia(
  db: Sql,
  search: string,
  usage: MediaUsage,
  window: PageWindow,
): Promise<(MediaRow & { uses: MediaUse[] })[]> {
  return query(
    db,
    `WITH page AS MATERIALIZED (
       SELECT m.* FROM media m WHERE ${WHERE} ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4
     )
     SELECT ${COLUMNS},
       (SELECT coalesce(json_agg(json_build_object('kind', u.kind, 'id', u.item_id, 'title', ${USE_TITLE},
          'trashed', ${USE_TRASHED}) ORDER BY ${USE_ORDER}), '[]'::json)
        FROM ${USES} WHERE u.url = m.url) AS uses
     FROM page m
     ORDER BY m.created_at DESC, m.id DESC`,
    [search, usage, window.limit, window.offset],
  );
}

export function countMedia(db: Sql, search: string, usage: MediaUsage): Promise<number> {
  return queryCount(db, `SELECT count(*)::int AS n FROM media m WHERE ${WHERE}`, [search, usage]);
}

/** Where the picture at `url` is used (empty: nowhere). */
export function mediaUses(db: Sql, url: string): Promise<MediaUse[]> {
  return query<MediaUse>(
    db,
    `SELECT u.kind, u.item_id AS id, ${USE_TITLE} AS title, ${USE_TRASHED} AS trashed
     FROM ${USES} WHERE u.url = $1 ORDER BY ${USE_ORDER}`,
    [url],
  );
}

/**
 * The picture, its row locked until the transaction ends: a save adding it waits (the content's trigger takes
 * `KEY SHARE` on the row), then finds it gone; a second delete waits, then finds nothing.
 */
export function lockMedia(db: Sql, id: number): Promise<{ id: number; url: string } | undefined> {
  return queryOne(db, 'SELECT id, url FROM media WHERE id = $1 FOR UPDATE', [id]);
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

/** The SQLSTATE of a content write the trigger refused: it names pictures the library does not hold. */
const MISSING_PICTURES = 'YFM01';

/**
 * The addresses a refused content write named that are not (or no longer) in the library, or `null` when `error`
 * is not that refusal: the driver's error, or TypeORM's around it (`driverError`).
 */
export function missingPictures(error: unknown): string[] | null {
  type DriverError = { code?: unknown; detail?: unknown; driverError?: DriverError };
  const driver = error as DriverError | null;
  const refusal = driver?.code === MISSING_PICTURES ? driver : driver?.driverError;
  if (refusal?.code !== MISSING_PICTURES || typeof refusal.detail !== 'string') return null;
  return refusal.detail.split(' ').filter(Boolean);
}
