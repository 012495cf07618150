import type pg from 'pg';
import { queryOne, type Sql } from '../../core/sql.js';

/** The published content's version, as text (a bigint); `undefined` before the migration made its row. */
export async function readContentVersion(db: Sql): Promise<string | undefined> {
  return (await queryOne<{ version: string }>(db, 'SELECT version::text AS version FROM content_version'))?.version;
}

/** Listens on `channels` (constants, never input) on a connection of its own. */
export async function listenOn(client: pg.Client, channels: readonly string[]): Promise<void> {
  await client.query(channels.map((channel) => `LISTEN ${channel};`).join(' '));
}
