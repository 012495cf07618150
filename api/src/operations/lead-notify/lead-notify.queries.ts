import type { Message, NotifyChannel, NotifyDelivery } from '@site/shared-types';
import { execute, keepNewest, milliseconds, query, queryCount, queryOne, type Sql } from '../../core/sql.js';

/** A channel's row: whether new leads go there, and its settings with their secrets (never sent to a browser). */
export interface ChannelRow {
  channel: NotifyChannel;
  enabled: boolean;
  settings: Record<string, unknown>;
}

/** The lead as it is delivered: a copy taken when it was stored. `time`: `yyyy-MM-dd HH:mm`, UTC+8. */
export type LeadPayload = Pick<Message, 'name' | 'phone' | 'email' | 'address' | 'content' | 'page'> & { time: string };

/** A delivery a worker claimed. */
export interface ClaimedDelivery {
  id: number;
  message_id: number;
  channel: NotifyChannel;
  payload: LeadPayload;
  attempts: number;
}

export type NewDeliveryLog = Omit<NotifyDelivery, 'id' | 'at'>;

/** How many attempts the log keeps. */
export const LOG_KEPT = 50;

/** `forUpdate`: locked until the transaction ends (a save of the settings). */
export function findChannels(db: Sql, forUpdate = false): Promise<ChannelRow[]> {
  return query<ChannelRow>(
    db,
    `SELECT channel, enabled, settings FROM notify_channel ORDER BY channel${forUpdate ? ' FOR UPDATE' : ''}`,
  );
}

export function findChannel(db: Sql, channel: NotifyChannel): Promise<ChannelRow | undefined> {
  return queryOne<ChannelRow>(db, `SELECT channel, enabled, settings FROM notify_channel WHERE channel = $1`, [
    channel,
  ]);
}

export function saveChannel(db: Sql, row: ChannelRow): Promise<number> {
  return execute(
    db,
    `UPDATE notify_channel SET enabled = $2, settings = $3::jsonb, updated_at = now() WHERE channel = $1`,
    [row.channel, row.enabled, JSON.stringify(row.settings)],
  );
}

/**
 * Queues the message for every enabled channel; run in the transaction that stores the message. Answers whether
 * anything was queued.
 */
export async function queueLead(db: Sql, messageId: number): Promise<boolean> {
  const queued = await execute(
    db,
    `INSERT INTO lead_outbox (message_id, channel, payload)
     SELECT m.id, c.channel, jsonb_build_object('name', m.name, 'phone', m.phone, 'email', m.email,
       'address', m.address, 'content', m.content, 'page', m.page,
       'time', to_char(m.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI'))
     FROM message m CROSS JOIN notify_channel c WHERE m.id = $1 AND c.enabled
     ON CONFLICT (message_id, channel) DO NOTHING`,
    [messageId],
  );
  return queued > 0;
}

/**
 * Claims up to `limit` due deliveries on `channel` for `claim` until the lease runs out: `FOR UPDATE SKIP LOCKED`
 * keeps two workers from taking the same row, and the lease lets another take it again if this one dies before
 * answering.
 */
export function claimDue(
  db: Sql,
  channel: NotifyChannel,
  claim: string,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  return query<ClaimedDelivery>(
    db,
    `UPDATE lead_outbox o SET claim = $1, lease_until = now() + $3::interval
     FROM (SELECT id FROM lead_outbox
           WHERE channel = $4 AND state = 'pending' AND next_attempt_at <= now()
             AND (lease_until IS NULL OR lease_until <= now())
           ORDER BY next_attempt_at ASC, id ASC LIMIT $2 FOR UPDATE SKIP LOCKED) due
     WHERE o.id = due.id RETURNING o.id::int AS id, o.message_id, o.channel, o.payload, o.attempts`,
    [claim, limit, milliseconds(leaseMs), channel],
  );
}

/** The channel took it: it leaves the outbox. */
export function deleteDelivered(db: Sql, claim: string, id: number): Promise<number> {
  return execute(db, 'DELETE FROM lead_outbox WHERE claim = $1 AND id = $2', [claim, id]);
}

/**
 * The attempt failed: tried again after `baseMs` × 2^(attempts so far), at most `capMs` later; given up (`failed`)
 * once it has waited `giveUpMs` since it was queued.
 */
export function retryLater(
  db: Sql,
  claim: string,
  id: number,
  error: string,
  backoff: { baseMs: number; capMs: number; giveUpMs: number },
): Promise<number> {
  return execute(
    db,
    `UPDATE lead_outbox SET attempts = attempts + 1,
       next_attempt_at = now() + least($4::float8 * power(2, least(attempts, 30)), $5::float8) * interval '1 millisecond',
       state = CASE WHEN queued_at + $6::interval <= now() THEN 'failed' ELSE 'pending' END,
       last_error = $3, claim = NULL, lease_until = NULL
     WHERE claim = $1 AND id = $2`,
    [claim, id, error, backoff.baseMs, backoff.capMs, milliseconds(backoff.giveUpMs)],
  );
}

/** Gives claimed rows back without counting an attempt (the server is stopping). */
export function releaseClaim(db: Sql, claim: string): Promise<number> {
  return execute(db, `UPDATE lead_outbox SET claim = NULL, lease_until = NULL WHERE claim = $1`, [claim]);
}

/**
 * When a pending row on `channel` is due next (its lease's end if one holds it); `null` when nothing is pending
 * there.
 */
export async function nextDue(db: Sql, channel: NotifyChannel): Promise<Date | null> {
  const row = await queryOne<{ due: Date | null }>(
    db,
    `SELECT min(greatest(next_attempt_at, coalesce(lease_until, next_attempt_at))) AS due
     FROM lead_outbox WHERE channel = $1 AND state = 'pending'`,
    [channel],
  );
  return row?.due ?? null;
}

/** Makes the given-up deliveries due now, with a fresh time to live. */
export function retryFailed(db: Sql): Promise<number> {
  return execute(
    db,
    `UPDATE lead_outbox SET state = 'pending', attempts = 0, next_attempt_at = now(), queued_at = now()
     WHERE state = 'failed'`,
  );
}

export async function countOutbox(db: Sql): Promise<{ pending: number; failed: number }> {
  return {
    pending: await queryCount(db, `SELECT count(*)::int AS n FROM lead_outbox WHERE state = 'pending'`),
    failed: await queryCount(db, `SELECT count(*)::int AS n FROM lead_outbox WHERE state = 'failed'`),
  };
}

/** Keeps an attempt, and only the last `LOG_KEPT` of them. */
export async function insertLog(db: Sql, entry: NewDeliveryLog): Promise<void> {
  await execute(
    db,
    `INSERT INTO lead_delivery_log (channel, message_id, subject, ok, answer, attempt, test)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [entry.channel, entry.message_id, entry.subject, entry.ok, entry.answer, entry.attempt, entry.test],
  );
  await keepNewest(db, 'lead_delivery_log', LOG_KEPT);
}

export function listLog(db: Sql): Promise<NotifyDelivery[]> {
  return query<NotifyDelivery>(
    db,
    `SELECT id::int AS id, to_char(at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS at, channel,
       message_id, subject, ok, answer, attempt, test
     FROM lead_delivery_log ORDER BY id DESC LIMIT $1`,
    [LOG_KEPT],
  );
}
