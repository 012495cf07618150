import type { AuditRow } from '@site/shared-types';
import { execute, query, type Sql } from '../sql.js';
import type { AuditEntry } from './audit-context.js';

/**
 * The audit trail's SQL (docs/behaviour.md#audit-trail). `audit_log` is append-only: its trigger refuses UPDATE and
 * TRUNCATE, and DELETE of a record younger than the legal minimum; nothing here changes a record.
 */

/**
 * One record. A record without an account (a failed sign-in, whose e-mail is what was typed) names the account of
 * that e-mail if there is one, so filtering by person shows the attempts on it.
 */
const INSERT = `
  INSERT INTO audit_log (actor_id, actor, ip, action, item_kind, item_id, title, revision, detail)
  VALUES (coalesce($1::int, (SELECT id FROM admin_user WHERE email = $2::varchar)), $2::varchar, $3, $4, $5, $6, $7,
          $8, $9)`;

/** The parameters of `INSERT`, cut to the columns' widths. */
export function insertParams(entry: AuditEntry): unknown[] {
  return [
    entry.actorId,
    entry.actor.slice(0, 254),
    entry.ip.slice(0, 64),
    entry.action,
    (entry.itemKind ?? '').slice(0, 20),
    entry.itemId ?? null,
    (entry.title ?? '').slice(0, 200),
    entry.revision ?? null,
    entry.detail ? JSON.stringify(entry.detail) : null,
  ];
}

export async function insertAudit(db: Sql, entry: AuditEntry): Promise<void> {
  await execute(db, INSERT, insertParams(entry));
}

/** The same INSERT for a command's own PostgreSQL client (backup, restore). */
export async function insertAuditWith(
  client: { query(text: string, params: unknown[]): Promise<unknown> },
  entry: AuditEntry,
): Promise<void> {
  await client.query(INSERT, insertParams(entry));
}

/** What a list or an export is filtered by; each condition uses one of the table's indexes. */
export interface AuditFilter {
  actorId?: number;
  action?: string;
  itemKind?: string;
  itemId?: number;
  /** `yyyy-MM-dd`, Beijing time, both days included. */
  from?: string;
  to?: string;
}

function where(filter: AuditFilter, params: unknown[]): string {
  const conditions: string[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.actorId) add((n) => `actor_id = ${n}::int`, filter.actorId);
  if (filter.action) add((n) => `action = ${n}::varchar`, filter.action);
  if (filter.itemKind) add((n) => `item_kind = ${n}::varchar`, filter.itemKind);
  if (filter.itemId) add((n) => `item_id = ${n}::int`, filter.itemId);
  if (filter.from) add((n) => `at >= (${n}::date::timestamp AT TIME ZONE 'Asia/Shanghai')`, filter.from);
  if (filter.to) add((n) => `at < ((${n}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')`, filter.to);
  return conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
}

const ROW_COLUMNS = `id::float8 AS id, to_char(at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS at,
  actor, ip, action, item_kind, item_id, title, revision`;

type StoredRow = Omit<AuditRow, 'action_name'>;

/**
 * A page of records, newest first, and one more to tell whether older ones exist. The page is found on the index
 * alone (the filter's, or the time's), and only its rows are read and formatted.
 */
export function listAudit(db: Sql, filter: AuditFilter, offset: number, limit: number): Promise<StoredRow[]> {
  const params: unknown[] = [];
  const condition = where(filter, params);
  params.push(limit + 1, offset);
  return query<StoredRow>(
    db,
    `SELECT ${ROW_COLUMNS} FROM audit_log WHERE id IN (
       SELECT id FROM audit_log ${condition}
       ORDER BY at DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length})
     ORDER BY audit_log.at DESC, audit_log.id DESC`,
    params,
  );
}

/** Where an export's batch ends: the next one starts after it. */
export interface AuditCursor {
  at: string;
  id: string;
}

/** One batch of an export, newest first, after `cursor` (keyset: each batch is an index range, however deep). */
export async function auditBatch(
  db: Sql,
  filter: AuditFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<{ rows: StoredRow[]; next: AuditCursor | null }> {
  const params: unknown[] = [];
  let condition = where(filter, params);
  if (cursor) {
    params.push(cursor.at, cursor.id);
    const after = `(at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
    condition = condition ? `${condition} AND ${after}` : `WHERE ${after}`;
  }
  params.push(limit);
  const rows = await query<StoredRow & { cursor_at: string; cursor_id: string }>(
    db,
    `SELECT ${ROW_COLUMNS}, at::text AS cursor_at, id::text AS cursor_id FROM audit_log ${condition}
     ORDER BY at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursor_at: _at, cursor_id: _id, ...row }) => row),
    next: rows.length === limit && last ? { at: last.cursor_at, id: last.cursor_id } : null,
  };
}

/** The accounts a filter can name: every account, by its name and e-mail. */
export function auditActors(db: Sql): Promise<{ id: number; label: string }[]> {
  return query<{ id: number; label: string }>(
    db,
    `SELECT id, CASE WHEN name = '' THEN email ELSE name || '（' || email || '）' END AS label
     FROM admin_user ORDER BY id`,
  );
}

/** Deletes the records older than `days` (never fewer than the legal minimum: the trigger refuses younger ones). */
export function deleteAuditOlderThan(db: Sql, days: number): Promise<number> {
  return execute(db, 'DELETE FROM audit_log WHERE at < now() - make_interval(days => $1::int)', [days]);
}

/** Takes the sweep's transaction-wide lock if no other instance holds it. */
export async function trySweepLock(db: Sql, key: number): Promise<boolean> {
  const [row] = await query<{ ok: boolean }>(db, 'SELECT pg_try_advisory_xact_lock($1) AS ok', [key]);
  return row?.ok === true;
}
