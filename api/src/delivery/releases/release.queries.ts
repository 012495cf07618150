import { randomBytes } from 'node:crypto';
import type { ReleaseAction, ReleaseEvent, ReleaseStats, RemoteName } from '@site/shared-types';
import type { ReleaseRecord } from '@site/shared-types/release';
import { execute, query, queryOne, type Sql } from '../../core/sql.js';

/** A remote's pointer row (docs/architecture.md "Releases"). */
export interface PointerRow {
  remote: RemoteName;
  active: string | null;
  previous: string | null;
  canary: string | null;
  canary_percent: number;
  /** `yyyy-MM-dd HH:mm`, UTC+8. */
  canary_since: string | null;
  imported: string | null;
}

const POINTER_COLUMNS = `remote, active, previous, canary, canary_percent,
  to_char(canary_since AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS canary_since, imported`;

export function listPointers(db: Sql): Promise<PointerRow[]> {
  return query<PointerRow>(db, `SELECT ${POINTER_COLUMNS} FROM remote_release`);
}

/** The remote's pointer, locked until the transaction ends (created empty the first time). */
export function findPointer(db: Sql, remote: RemoteName): Promise<PointerRow | undefined> {
  return queryOne<PointerRow>(db, `SELECT ${POINTER_COLUMNS} FROM remote_release WHERE remote = $1`, [remote]);
}

export async function lockPointer(db: Sql, remote: RemoteName): Promise<PointerRow> {
  await execute(db, 'INSERT INTO remote_release (remote) VALUES ($1) ON CONFLICT (remote) DO NOTHING', [remote]);
  return (await queryOne<PointerRow>(db, `SELECT ${POINTER_COLUMNS} FROM remote_release WHERE remote = $1 FOR UPDATE`, [
    remote,
  ]))!;
}

export interface PointerChange {
  active: string | null;
  previous: string | null;
  canary: string | null;
  canaryPercent: number;
  imported?: string | null;
}

/** Writes the pointer (announced to every instance at commit); a new canary starts its `canary_since` now. */
export function writePointer(db: Sql, remote: RemoteName, change: PointerChange, before: PointerRow): Promise<number> {
  const newCanary = change.canary !== null && change.canary !== before.canary;
  return execute(
    db,
    `UPDATE remote_release SET active = $2, previous = $3, canary = $4::text, canary_percent = $5,
       canary_since = CASE WHEN $4::text IS NULL THEN NULL WHEN $6::boolean THEN now() ELSE canary_since END,
       imported = $7, updated_at = now()
     WHERE remote = $1`,
    [
      remote,
      change.active,
      change.previous,
      change.canary,
      change.canaryPercent,
      newCanary,
      change.imported === undefined ? before.imported : change.imported,
    ],
  );
}

export interface EventInput {
  remote: RemoteName;
  action: ReleaseAction;
  from: string | null;
  to: string | null;
  percent?: number | null;
  actor: string;
  detail?: string;
}

export function insertEvent(db: Sql, event: EventInput): Promise<number> {
  return execute(
    db,
    `INSERT INTO remote_release_event (remote, action, from_release, to_release, percent, actor, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      event.remote,
      event.action,
      event.from,
      event.to,
      event.percent ?? null,
      event.actor.slice(0, 255),
      (event.detail ?? '').slice(0, 2000),
    ],
  );
}

export function listEvents(db: Sql, limit: number): Promise<ReleaseEvent[]> {
  return query<ReleaseEvent>(
    db,
    `SELECT id::int AS id, remote, action, from_release AS "from", to_release AS "to", percent, actor, detail,
            to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS at
       FROM remote_release_event ORDER BY created_at DESC, id DESC LIMIT $1`,
    [limit],
  );
}

/** Counts start afresh when a release becomes active or canary (they judge it from then on). */
export async function resetStats(db: Sql, remote: RemoteName, release: string): Promise<void> {
  await execute(
    db,
    `INSERT INTO remote_release_stats (remote, release) VALUES ($1, $2)
     ON CONFLICT (remote, release) DO UPDATE SET views = 0, ssr_failures = 0, client_errors = 0, since = now()`,
    [remote, release],
  );
  await execute(db, 'DELETE FROM remote_release_visitor WHERE remote = $1 AND release = $2', [remote, release]);
}

/** A visitor a canary served, and whether they met a failure (`visitor`: a key, never an address). */
export interface VisitorDelta {
  remote: RemoteName;
  release: string;
  visitor: string;
  failed: boolean;
}

/** Adds the visitors this instance saw since the last flush: a failure, once met, stays. */
export function addVisitors(db: Sql, deltas: readonly VisitorDelta[]): Promise<number> {
  return execute(
    db,
    `INSERT INTO remote_release_visitor AS v (remote, release, visitor, failed)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[])
     ON CONFLICT (remote, release, visitor) DO UPDATE SET failed = v.failed OR EXCLUDED.failed`,
    [
      deltas.map((d) => d.remote),
      deltas.map((d) => d.release),
      deltas.map((d) => d.visitor),
      deltas.map((d) => d.failed),
    ],
  );
}

export interface VisitorCounts {
  remote: RemoteName;
  release: string;
  visitors: number;
  failed: number;
}

export function listVisitorCounts(db: Sql): Promise<VisitorCounts[]> {
  return query<VisitorCounts>(
    db,
    `SELECT remote, release, count(*)::int AS visitors, (count(*) FILTER (WHERE failed))::int AS failed
       FROM remote_release_visitor GROUP BY remote, release`,
  );
}

/** The visitors of a remote's releases that are no longer its canary are not needed any more. */
export function pruneVisitors(db: Sql, remote: RemoteName): Promise<number> {
  return execute(
    db,
    `DELETE FROM remote_release_visitor
      WHERE remote = $1 AND release IS DISTINCT FROM (SELECT canary FROM remote_release WHERE remote = $1)`,
    [remote],
  );
}

/** A signing key of the site (32 random bytes), made by the first instance that asks and shared by all. */
export async function siteSecret(db: Sql, name: string): Promise<Buffer> {
  await execute(db, 'INSERT INTO site_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const { value } = (await queryOne<{ value: string }>(db, 'SELECT value FROM site_secret WHERE name = $1', [name]))!;
  return Buffer.from(value, 'base64url');
}

export interface StatsDelta extends Pick<ReleaseStats, 'views' | 'ssrFailures' | 'clientErrors'> {
  remote: RemoteName;
  release: string;
}

/** Adds this instance's counts since the last flush, in one statement. */
export function addStats(db: Sql, deltas: readonly StatsDelta[]): Promise<number> {
  return execute(
    db,
    `INSERT INTO remote_release_stats AS s (remote, release, views, ssr_failures, client_errors)
     SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::bigint[])
     ON CONFLICT (remote, release) DO UPDATE SET views = s.views + EXCLUDED.views,
       ssr_failures = s.ssr_failures + EXCLUDED.ssr_failures, client_errors = s.client_errors + EXCLUDED.client_errors`,
    [
      deltas.map((d) => d.remote),
      deltas.map((d) => d.release),
      deltas.map((d) => d.views),
      deltas.map((d) => d.ssrFailures),
      deltas.map((d) => d.clientErrors),
    ],
  );
}

export function listStats(db: Sql): Promise<StatsDelta[]> {
  return query<StatsDelta>(
    db,
    `SELECT remote, release, views::int AS views, ssr_failures::int AS "ssrFailures",
            client_errors::int AS "clientErrors"
       FROM remote_release_stats`,
  );
}

/**
 * Ends the canary `release` of `remote` if it is still running, recording why; answers whether this call did it
 * (several instances may judge the same figures at once: one records it).
 */
export async function abandonCanaryIfRunning(
  db: Sql,
  remote: RemoteName,
  release: string,
  event: Omit<EventInput, 'remote' | 'from' | 'to'>,
): Promise<boolean> {
  const ended = await execute(
    db,
    `UPDATE remote_release SET canary = NULL, canary_percent = 0, canary_since = NULL, updated_at = now()
      WHERE remote = $1 AND canary = $2`,
    [remote, release],
  );
  if (ended === 0) return false;
  const active = await queryOne<{ active: string | null }>(db, 'SELECT active FROM remote_release WHERE remote = $1', [
    remote,
  ]);
  await insertEvent(db, { ...event, remote, from: release, to: active?.active ?? null });
  return true;
}

/** A release kept in the media store (docs/architecture.md "Releases"). */
export interface StoredReleaseRow {
  remote: RemoteName;
  release: string;
  manifest_sha256: string;
  /** Its `release.json` as built; `null` when it has none. */
  record: ReleaseRecord | null;
  files: number;
  bytes: number;
  /** Milliseconds since 1970. */
  stored_at: number;
}

const STORED_COLUMNS = `remote, release, manifest_sha256, record, files, bytes::float8 AS bytes,
  (extract(epoch FROM stored_at) * 1000)::float8 AS stored_at`;

export function findStoredRelease(db: Sql, remote: RemoteName, release: string): Promise<StoredReleaseRow | undefined> {
  return queryOne<StoredReleaseRow>(
    db,
    `SELECT ${STORED_COLUMNS} FROM remote_release_build WHERE remote = $1 AND release = $2`,
    [remote, release],
  );
}

/** The newest `limit` releases of a remote in the store, newest first. */
export function listStoredReleases(db: Sql, remote: RemoteName, limit: number): Promise<StoredReleaseRow[]> {
  return query<StoredReleaseRow>(
    db,
    `SELECT ${STORED_COLUMNS} FROM remote_release_build WHERE remote = $1
      ORDER BY stored_at DESC, release DESC LIMIT $2`,
    [remote, limit],
  );
}

/**
 * Records a release whose files and manifest are all in the store; a release recorded already is left as it is.
 * Answers the row as recorded (the one already there, if any: the caller compares the manifests).
 */
export async function insertStoredRelease(
  db: Sql,
  row: Omit<StoredReleaseRow, 'stored_at'>,
): Promise<StoredReleaseRow> {
  await execute(
    db,
    `INSERT INTO remote_release_build (remote, release, manifest_sha256, record, files, bytes)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6) ON CONFLICT (remote, release) DO NOTHING`,
    [
      row.remote,
      row.release,
      row.manifest_sha256,
      row.record === null ? null : JSON.stringify(row.record),
      row.files,
      row.bytes,
    ],
  );
  return (await findStoredRelease(db, row.remote, row.release))!;
}
