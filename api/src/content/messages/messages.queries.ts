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
const SEARCH_WHERE = `($1::text = '' OR position(lower($1) in lower(name || ' ' || phone || ' ' || content)) > 0)`;

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

/** Newest first; `search` is a literal substring of name, phone or content. */
export function listMessages(db: Sql, search: string, window: PageWindow): Promise<MessageRow[]> {
  return query<MessageRow>(
    db,
    `SELECT ${COLUMNS} FROM message WHERE ${SEARCH_WHERE} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [search, window.limit, window.offset],
  );
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
