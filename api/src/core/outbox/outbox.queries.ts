import { execute, milliseconds, query, queryOne, type Sql } from '../sql.js';

/**
 * The outbox's SQL (docs/architecture.md "Outbox"): rows of every consumer in one table, told apart by `kind`, each
 * kind's rows split into `lane`s that are claimed separately.
 */

/** A consumer of the outbox. */
export type OutboxKind = 'baidu-push' | 'lead' | 'review';

/** A piece of work to queue: unique by `key` in its kind and lane. */
export interface NewOutboxRow<P> {
  lane?: string;
  key: string;
  payload: P;
}

/** A row a worker claimed. */
export interface OutboxRow<P> {
  id: number;
  lane: string;
  key: string;
  payload: P;
  /** The attempts made before this one. */
  attempts: number;
}

/** A row as the back office lists it (`sending`: a worker holds it). */
export interface OutboxListRow<P> {
  id: number;
  lane: string;
  key: string;
  payload: P;
  state: 'pending' | 'sending' | 'failed';
  attempts: number;
  next_attempt: string;
  last_error: string | null;
  queued_at: string;
}

/**
 * When a failed attempt is tried again: after `baseMs` × 2^(attempts so far), at most `capMs` later. A row is given
 * up (`failed`, until retried by hand) after `maxAttempts` attempts, or once it has waited `giveUpAfterMs` since it
 * was queued, whichever the consumer sets and comes first.
 */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  maxAttempts?: number;
  giveUpAfterMs?: number;
}

/** How many attempts each kind's log keeps. */
export const LOG_KEPT = 50;

const BEIJING = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const ROW = `id::int AS id, lane, key, payload, attempts`;

/**
 * Queues rows of `kind`. A row already queued under the same key stays as it is (`renew` false), or (`renew`)
 * takes the new payload and is made due now with a fresh count of attempts, freed from a worker that may be sending
 * its older version. Answers the rows queued or renewed.
 */
export function enqueue<P>(
  db: Sql,
  kind: OutboxKind,
  rows: readonly NewOutboxRow<P>[],
  renew: boolean,
): Promise<Array<OutboxRow<P>>> {
  // A statement may touch a row once: the same key twice in one call is queued once.
  const unique = [
    ...new Map(rows.map((row) => [`${row.lane ?? ''}\n${row.key}`, { ...row, lane: row.lane ?? '' }])).values(),
  ];
  const conflict = renew
    ? `DO UPDATE SET payload = EXCLUDED.payload, state = 'pending', attempts = 0, next_attempt_at = now(),
         last_error = NULL, queued_at = now(), claim = NULL, lease_until = NULL`
    : 'DO NOTHING';
  return query<OutboxRow<P>>(
    db,
    `INSERT INTO outbox (kind, lane, key, payload)
     SELECT $1, r.lane, r.key, r.payload
     FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (lane text, key text, payload jsonb))
       WITH ORDINALITY AS r (lane, key, payload, n)
     ORDER BY r.n
     ON CONFLICT (kind, lane, key) ${conflict}
     RETURNING ${ROW}`,
    [kind, JSON.stringify(unique)],
  );
}

/**
 * Claims up to `limit` due rows of `kind` in `lane` for `claim` until the lease runs out: `FOR UPDATE SKIP LOCKED`
 * keeps two workers from taking the same rows, and the lease lets another take them again if this one dies before
 * answering.
 */
export function claimDue<P>(
  db: Sql,
  kind: OutboxKind,
  lane: string,
  claim: string,
  limit: number,
  leaseMs: number,
): Promise<Array<OutboxRow<P>>> {
  return query<OutboxRow<P>>(
    db,
    `UPDATE outbox o SET claim = $1, lease_until = now() + $3::interval
     FROM (SELECT id FROM outbox
           WHERE kind = $4 AND lane = $5 AND state = 'pending' AND next_attempt_at <= now()
             AND (lease_until IS NULL OR lease_until <= now())
           ORDER BY next_attempt_at ASC, id ASC LIMIT $2 FOR UPDATE SKIP LOCKED) due
     WHERE o.id = due.id RETURNING o.id::int AS id, o.lane, o.key, o.payload, o.attempts`,
    [claim, limit, milliseconds(leaseMs), kind, lane],
  );
}

/** Claims one row of `kind` (sent by hand, failed or not), unless a worker holds it. */
export function claimOne<P>(
  db: Sql,
  kind: OutboxKind,
  id: number,
  claim: string,
  leaseMs: number,
): Promise<OutboxRow<P> | undefined> {
  return queryOne<OutboxRow<P>>(
    db,
    `UPDATE outbox SET claim = $3, lease_until = now() + $4::interval, state = 'pending'
     WHERE kind = $1 AND id = $2 AND (lease_until IS NULL OR lease_until <= now()) RETURNING ${ROW}`,
    [kind, id, claim, milliseconds(leaseMs)],
  );
}

/** Delivered: they leave the outbox (unless queued again meanwhile, which took them from this claim). */
export function deleteDelivered(db: Sql, claim: string, ids: readonly number[]): Promise<number> {
  return execute(db, 'DELETE FROM outbox WHERE claim = $1 AND id = ANY($2::bigint[])', [claim, ids]);
}

/** Refused for good by the far end: kept as failed, not tried again unless retried by hand. */
export function markFailed(db: Sql, claim: string, ids: readonly number[], error: string): Promise<number> {
  return execute(
    db,
    `UPDATE outbox SET state = 'failed', attempts = attempts + 1, last_error = $3, claim = NULL, lease_until = NULL
     WHERE claim = $1 AND id = ANY($2::bigint[])`,
    [claim, ids, error],
  );
}

/** The attempt failed: tried again later, or given up, by `policy` (see {@link RetryPolicy}). */
export function retryLater(
  db: Sql,
  claim: string,
  ids: readonly number[],
  error: string,
  policy: RetryPolicy,
): Promise<number> {
  return execute(
    db,
    `UPDATE outbox SET attempts = attempts + 1,
       next_attempt_at = now() + least($4::float8 * power(2, least(attempts, 30)), $5::float8) * interval '1 millisecond',
       state = CASE WHEN attempts + 1 >= coalesce($6::integer, 2147483647)
         OR queued_at + coalesce($7::interval, 'infinity'::interval) <= now() THEN 'failed' ELSE 'pending' END,
       last_error = $3, claim = NULL, lease_until = NULL
     WHERE claim = $1 AND id = ANY($2::bigint[])`,
    [
      claim,
      ids,
      error,
      policy.baseMs,
      policy.capMs,
      policy.maxAttempts ?? null,
      policy.giveUpAfterMs === undefined ? null : milliseconds(policy.giveUpAfterMs),
    ],
  );
}

/** Gives claimed rows back without counting an attempt (the server is stopping, a quota is used up). */
export function releaseClaim(db: Sql, claim: string, error: string | null = null): Promise<number> {
  return execute(
    db,
    `UPDATE outbox SET claim = NULL, lease_until = NULL, last_error = coalesce($2, last_error) WHERE claim = $1`,
    [claim, error],
  );
}

/**
 * When a pending row of `kind` in `lane` is due next (its lease's end if one holds it); `null` when nothing is
 * pending there.
 */
export async function nextDue(db: Sql, kind: OutboxKind, lane: string): Promise<Date | null> {
  const row = await queryOne<{ due: Date | null }>(
    db,
    `SELECT min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) AS due
     FROM outbox WHERE kind = $1 AND lane = $2 AND state = 'pending'`,
    [kind, lane],
  );
  return row?.due ?? null;
}

/**
 * Makes rows of `kind` due now with a fresh count and time to live: one (`id`), or all that no worker holds, or
 * (`failedOnly`) all the given-up ones. Answers how many.
 */
export function retryNow(db: Sql, kind: OutboxKind, which: { id?: number; failedOnly?: boolean }): Promise<number> {
  return execute(
    db,
    `UPDATE outbox SET state = 'pending', attempts = 0, next_attempt_at = now(), queued_at = now()
     WHERE kind = $1 AND ($2::bigint IS NULL OR id = $2) AND (NOT $3 OR state = 'failed')
       AND (lease_until IS NULL OR lease_until <= now())`,
    [kind, which.id ?? null, which.failedOnly ?? false],
  );
}

export async function countOutbox(db: Sql, kind: OutboxKind): Promise<{ pending: number; failed: number }> {
  const row = await queryOne<{ pending: number; failed: number }>(
    db,
    `SELECT count(*) FILTER (WHERE state = 'pending')::int AS pending, count(*) FILTER (WHERE state = 'failed')::int AS failed
     FROM outbox WHERE kind = $1`,
    [kind],
  );
  return row ?? { pending: 0, failed: 0 };
}

/** The first `limit` rows of `kind`: pending ones by when they are due, then the failed ones. */
export function listOutbox<P>(db: Sql, kind: OutboxKind, limit: number): Promise<Array<OutboxListRow<P>>> {
  return query<OutboxListRow<P>>(
    db,
    `SELECT id::int AS id, lane, key, payload,
       CASE WHEN state = 'failed' THEN 'failed' WHEN lease_until > now() THEN 'sending' ELSE 'pending' END AS state,
       attempts, ${BEIJING('next_attempt_at')} AS next_attempt, last_error, ${BEIJING('queued_at')} AS queued_at
     FROM outbox WHERE kind = $1 ORDER BY state = 'failed' ASC, next_attempt_at ASC, id ASC LIMIT $2`,
    [kind, limit],
  );
}

/**
 * Keeps an attempt in `kind`'s log, and only the last {@link LOG_KEPT} of them. The trim deletes only rows no other
 * transaction is trimming (`SKIP LOCKED`): two attempts recorded at once never wait on each other's trim.
 */
export async function insertLog(db: Sql, kind: OutboxKind, entry: object): Promise<void> {
  await execute(db, `INSERT INTO outbox_log (kind, entry) VALUES ($1, $2::jsonb)`, [kind, JSON.stringify(entry)]);
  await execute(
    db,
    `DELETE FROM outbox_log WHERE id IN (
       SELECT id FROM outbox_log WHERE kind = $1 AND id <= (
         SELECT id FROM outbox_log WHERE kind = $1 ORDER BY id DESC OFFSET $2 LIMIT 1)
       FOR UPDATE SKIP LOCKED)`,
    [kind, LOG_KEPT],
  );
}

/** `kind`'s last attempts, newest first, each as the consumer wrote it with its id and time (Beijing). */
export async function listLog<E>(db: Sql, kind: OutboxKind): Promise<Array<E & { id: number; at: string }>> {
  const rows = await query<{ entry: E & { id: number; at: string } }>(
    db,
    `SELECT entry || jsonb_build_object('id', id::int, 'at', ${BEIJING('at')}) AS entry
     FROM outbox_log WHERE kind = $1 ORDER BY id DESC LIMIT $2`,
    [kind, LOG_KEPT],
  );
  return rows.map((row) => row.entry);
}

/** The row of `kind` queued under `key` in `lane`, if any. */
export function findQueued(db: Sql, kind: OutboxKind, key: string, lane = ''): Promise<{ id: number } | undefined> {
  return queryOne<{ id: number }>(db, 'SELECT id::int AS id FROM outbox WHERE kind = $1 AND lane = $2 AND key = $3', [
    kind,
    lane,
    key,
  ]);
}
