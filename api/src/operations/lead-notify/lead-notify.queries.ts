import type { Message, NotifyChannel, NotifyDelivery } from '@site/shared-types';
import type { NewOutboxRow } from '../../core/outbox/outbox.queries.js';
import { execute, query, queryOne, type Sql } from '../../core/sql.js';

/** A channel's row: whether new leads go there, and its settings with their secrets (never sent to a browser). */
export interface ChannelRow {
  channel: NotifyChannel;
  enabled: boolean;
  settings: Record<string, unknown>;
}

/** The lead as it is delivered: a copy taken when it was stored. `time`: `yyyy-MM-dd HH:mm`, UTC+8. */
export type LeadPayload = Pick<Message, 'name' | 'phone' | 'email' | 'address' | 'content' | 'page'> & { time: string };

/** A lead in the outbox: its copy, and the message it came from. */
export type QueuedLead = LeadPayload & { message_id: number };

/** An attempt as the log keeps it. */
export type NewDeliveryLog = Omit<NotifyDelivery, 'id' | 'at'>;

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

/** The lead's copy for the outbox, and the channels it goes to: every enabled one. */
export async function leadDeliveries(db: Sql, messageId: number): Promise<Array<NewOutboxRow<QueuedLead>>> {
  const rows = await query<{ channel: NotifyChannel; payload: QueuedLead }>(
    db,
    `SELECT c.channel, jsonb_build_object('message_id', m.id, 'name', m.name, 'phone', m.phone, 'email', m.email,
       'address', m.address, 'content', m.content, 'page', m.page,
       'time', to_char(m.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')) AS payload
     FROM message m CROSS JOIN notify_channel c WHERE m.id = $1 AND c.enabled ORDER BY c.channel`,
    [messageId],
  );
  return rows.map((row) => ({ lane: row.channel, key: String(messageId), payload: row.payload }));
}
