import type { Message } from '@site/shared-types';
import type { PageWindow } from '../../core/admin-list.js';
import { execute, insertReturningId, query, queryCount, type Sql } from '../../core/sql.js';

/** A message as the back office reads it; `create_time` is `yyyy-MM-dd HH:mm` in UTC+8, formatted by PostgreSQL. */
export type MessageRow = Message;

/** What a visitor's message stores, with where it came from. */
export type NewMessage = Pick<Message, 'name' | 'phone' | 'email' | 'address' | 'content' | 'page'> & {
  ip: string;
  userAgent: string;
};

const COLUMNS = `id, name, phone, email, address, content, page, read,
  to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time`;

// $1 = '' matches every message.
// A search reads the rows the search grams' index names (database/migrations/*-large-site.ts), then tests each.
const SEARCH_WHERE = `($1::text = '' OR (search_grams @> search_needles($1)
  AND position(lower($1) in lower(name || ' ' || phone || ' ' || content)) > 0))`;

/** Stores a message; answers its id. */
export function insertMessage(db: Sql, message: NewMessage): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO message (name, phone, email, address, content, page, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      message.name,
      message.phone,
      message.email,
      message.address,
      message.content,
      message.page,
      message.ip,
      message.userAgent,
    ],
  );
}

/**
 * Newest first; `search` is a literal substring of name, phone or content. The page is found in the index (read
 * alone when nothing is searched), then only its rows are read.
 */
export function listMessages(db: Sql, search: string, window: PageWindow): Promise<MessageRow[]> {
  return query<MessageRow>(
    db,
    `SELECT ${COLUMNS} FROM message WHERE id IN (
       SELECT id FROM message WHERE ${SEARCH_WHERE} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3)
     ORDER BY created_at DESC, id DESC`,
    [search, window.limit, window.offset],
  );
}

/** Where a batch of an export ends: the next one starts after it (the time as text keeps its microseconds). */
export interface MessageCursor {
  at: string;
  id: number;
}

/** A batch of an export and where the next one starts (`null`: it was the last). */
export interface MessageBatch {
  rows: MessageRow[];
  next: MessageCursor | null;
}

/**
 * One batch of an export, newest first, after `cursor`: keyset, so each batch is a range of `message_order_idx`
 * however deep into the messages it is.
 */
export async function exportMessageBatch(
  db: Sql,
  search: string,
  cursor: MessageCursor | null,
  limit: number,
): Promise<MessageBatch> {
  const after = cursor ? `AND (created_at, id) < ($3::timestamptz, $4::int)` : '';
  const params = cursor ? [search, limit, cursor.at, cursor.id] : [search, limit];
  const rows = await query<MessageRow & { cursor_at: string }>(
    db,
    `SELECT ${COLUMNS}, created_at::text AS cursor_at FROM message WHERE ${SEARCH_WHERE} ${after}
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    params,
  );
  const last = rows.at(-1);
  // The rows as the driver made them (the cursor's text rides along unread): an export of 100,000 messages makes
  // no copies of them.
  return { rows, next: rows.length === limit && last ? { at: last.cursor_at, id: last.id } : null };
}

export function countMessages(db: Sql, search: string): Promise<number> {
  return queryCount(db, `SELECT count(*)::int AS n FROM message WHERE ${SEARCH_WHERE}`, [search]);
}

/** Returns the number of rows updated (0 when the message does not exist). */
export function setMessageRead(db: Sql, id: number, read: boolean): Promise<number> {
  return execute(db, 'UPDATE message SET read = $2 WHERE id = $1', [id, read]);
}

export function countUnread(db: Sql): Promise<number> {
  return queryCount(db, 'SELECT count(*)::int AS n FROM message WHERE NOT read');
}

export function deleteMessage(db: Sql, id: number): Promise<number> {
  return execute(db, 'DELETE FROM message WHERE id = $1', [id]);
}
