import type { BaiduPushLogEntry, BaiduPushQueueRow, BaiduPushReason } from '@site/shared-types';
import { execute, keepNewest, milliseconds, query, queryCount, queryOne, type Sql } from '../../core/sql.js';

/** A row a worker claimed: what it pushes. */
export interface ClaimedRow {
  id: number;
  path: string;
}

export interface QuotaRow {
  remain: number | null;
  reported_at: Date | null;
  held_until: Date | null;
}

/** A queued row for the back office; `path` becomes the absolute `url` there. */
export type QueueListRow = Omit<BaiduPushQueueRow, 'url'> & { path: string };

/** What one request to Baidu got, as the log keeps it. */
export type NewLogEntry = Omit<BaiduPushLogEntry, 'id' | 'at'>;

/** How many answers the log keeps. */
export const LOG_KEPT = 50;

const BEIJING = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;

/**
 * Queues paths of the site; a path already queued is the same row, made due now with a fresh count of attempts
 * (the page changed again) and freed from a worker that may be pushing its older version.
 */
export function enqueuePaths(db: Sql, paths: readonly string[], reason: BaiduPushReason): Promise<ClaimedRow[]> {
  return query<ClaimedRow>(
    db,
    `INSERT INTO baidu_push_queue (path, reason)
     SELECT u.path, $2 FROM unnest($1::text[]) WITH ORDINALITY AS u (path, n) ORDER BY u.n
     ON CONFLICT (path) DO UPDATE SET reason = EXCLUDED.reason, state = 'pending', attempts = 0,
       next_attempt_at = now(), last_error = NULL, queued_at = now(), claim = NULL, lease_until = NULL
     RETURNING id::int AS id, path`,
    [[...new Set(paths)], reason],
  );
}

/**
 * Claims up to `limit` due rows for `claim` until the lease runs out: `FOR UPDATE SKIP LOCKED` keeps two workers
 * from taking the same rows, and the lease lets another worker take them again if this one dies before answering.
 */
export function claimDue(db: Sql, claim: string, limit: number, leaseMs: number): Promise<ClaimedRow[]> {
  return query<ClaimedRow>(
    db,
    `UPDATE baidu_push_queue q SET claim = $1, lease_until = now() + $3::interval
     FROM (SELECT id FROM baidu_push_queue
           WHERE state = 'pending' AND next_attempt_at <= now() AND (lease_until IS NULL OR lease_until <= now())
           ORDER BY next_attempt_at ASC, id ASC LIMIT $2 FOR UPDATE SKIP LOCKED) due
     WHERE q.id = due.id RETURNING q.id::int AS id, q.path`,
    [claim, limit, milliseconds(leaseMs)],
  );
}

/** Claims one row (a push by hand), unless another worker holds it. */
export function claimOne(db: Sql, id: number, claim: string, leaseMs: number): Promise<ClaimedRow | undefined> {
  return queryOne<ClaimedRow>(
    db,
    `UPDATE baidu_push_queue SET claim = $2, lease_until = now() + $3::interval, state = 'pending'
     WHERE id = $1 AND (lease_until IS NULL OR lease_until <= now()) RETURNING id::int AS id, path`,
    [id, claim, milliseconds(leaseMs)],
  );
}

/** Baidu took them: they leave the queue (unless queued again meanwhile, which took them from this claim). */
export function deleteDelivered(db: Sql, claim: string, ids: readonly number[]): Promise<number> {
  return execute(db, 'DELETE FROM baidu_push_queue WHERE claim = $1 AND id = ANY($2::bigint[])', [claim, ids]);
}

/** Baidu refused these addresses for good (not valid, not of the site): kept as failed, not retried. */
export function markRejected(db: Sql, claim: string, ids: readonly number[], error: string): Promise<number> {
  return execute(
    db,
    `UPDATE baidu_push_queue SET state = 'failed', attempts = attempts + 1, last_error = $3, claim = NULL,
       lease_until = NULL WHERE claim = $1 AND id = ANY($2::bigint[])`,
    [claim, ids, error],
  );
}

/**
 * The push failed: each row is tried again after `baseMs` × 2^(attempts so far), at most `capMs` later, and is
 * given up (`failed`) after `maxAttempts`.
 */
export function retryLater(
  db: Sql,
  claim: string,
  error: string,
  backoff: { baseMs: number; capMs: number; maxAttempts: number },
): Promise<number> {
  return execute(
    db,
    `UPDATE baidu_push_queue SET attempts = attempts + 1,
       next_attempt_at = now() + least($3::float8 * power(2, attempts), $4::float8) * interval '1 millisecond',
       state = CASE WHEN attempts + 1 >= $5 THEN 'failed' ELSE 'pending' END,
       last_error = $2, claim = NULL, lease_until = NULL
     WHERE claim = $1`,
    [claim, error, backoff.baseMs, backoff.capMs, backoff.maxAttempts],
  );
}

/** Gives the rows back without counting an attempt (quota used up, server stopping). */
export function releaseClaim(db: Sql, claim: string, error: string | null = null): Promise<number> {
  return execute(
    db,
    `UPDATE baidu_push_queue SET claim = NULL, lease_until = NULL, last_error = coalesce($2, last_error)
     WHERE claim = $1`,
    [claim, error],
  );
}

/** When a pending row is due next (its lease's end if one holds it); `null` when nothing is pending. */
export async function nextDue(db: Sql): Promise<Date | null> {
  const row = await queryOne<{ due: Date | null }>(
    db,
    `SELECT min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) AS due
     FROM baidu_push_queue WHERE state = 'pending'`,
  );
  return row?.due ?? null;
}

/** Makes rows due now (one, or all of them that no worker holds), the failed ones with a fresh count. */
export function retryNow(db: Sql, id: number | null): Promise<number> {
  return execute(
    db,
    `UPDATE baidu_push_queue SET state = 'pending', attempts = 0, next_attempt_at = now()
     WHERE ($1::bigint IS NULL OR id = $1) AND (lease_until IS NULL OR lease_until <= now())`,
    [id],
  );
}

export async function findQuota(db: Sql): Promise<QuotaRow> {
  return (
    (await queryOne<QuotaRow>(db, 'SELECT remain, reported_at, held_until FROM baidu_push_quota')) ?? {
      remain: null,
      reported_at: null,
      held_until: null,
    }
  );
}

/** What Baidu said is left today, and until when nothing is to be sent (`null`: no hold). */
export function saveQuota(db: Sql, remain: number | null, heldUntil: Date | null): Promise<number> {
  return execute(
    db,
    `UPDATE baidu_push_quota SET remain = coalesce($1, remain), reported_at = CASE WHEN $1::int IS NULL
       THEN reported_at ELSE now() END, held_until = $2`,
    [remain, heldUntil],
  );
}

/** Keeps an answer, and only the last `LOG_KEPT` of them. */
export async function insertLog(db: Sql, entry: NewLogEntry): Promise<void> {
  await execute(
    db,
    `INSERT INTO baidu_push_log (urls, status, ok, success, remain, not_same_site, not_valid, error, manual)
     VALUES ($1::jsonb, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)`,
    [
      JSON.stringify(entry.urls),
      entry.status,
      entry.ok,
      entry.success,
      entry.remain,
      JSON.stringify(entry.not_same_site),
      JSON.stringify(entry.not_valid),
      entry.error,
      entry.manual,
    ],
  );
  await keepNewest(db, 'baidu_push_log', LOG_KEPT);
}

export function listLog(db: Sql): Promise<BaiduPushLogEntry[]> {
  return query<BaiduPushLogEntry>(
    db,
    `SELECT id::int AS id, ${BEIJING('at')} AS at, urls, status, ok, success, remain, not_same_site, not_valid,
       error, manual FROM baidu_push_log ORDER BY id DESC LIMIT $1`,
    [LOG_KEPT],
  );
}

/** The first `limit` queued rows: pending ones by when they are due, then the failed ones. */
export function listQueue(db: Sql, limit: number): Promise<QueueListRow[]> {
  return query<QueueListRow>(
    db,
    `SELECT id::int AS id, path, reason,
       CASE WHEN state = 'failed' THEN 'failed' WHEN lease_until > now() THEN 'sending' ELSE 'pending' END AS state,
       attempts, ${BEIJING('next_attempt_at')} AS next_attempt, last_error, ${BEIJING('queued_at')} AS queued_at
     FROM baidu_push_queue ORDER BY state = 'failed' ASC, next_attempt_at ASC, id ASC LIMIT $1`,
    [limit],
  );
}

export async function countQueue(db: Sql): Promise<{ pending: number; failed: number }> {
  return {
    pending: await queryCount(db, `SELECT count(*)::int AS n FROM baidu_push_queue WHERE state = 'pending'`),
    failed: await queryCount(db, `SELECT count(*)::int AS n FROM baidu_push_queue WHERE state = 'failed'`),
  };
}

export function findQueuedPath(db: Sql, path: string): Promise<{ id: number } | undefined> {
  return queryOne<{ id: number }>(db, 'SELECT id::int AS id FROM baidu_push_queue WHERE path = $1', [path]);
}
