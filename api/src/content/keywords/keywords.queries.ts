import type { KeywordRecord } from '@site/shared-types';
import { execute, query, type Sql } from '../../core/sql.js';

/** A row of `keyword`: `keywords` is the record's name (title, keywords or description). */
export type KeywordRow = KeywordRecord;

export function listKeywords(db: Sql): Promise<KeywordRow[]> {
  return query<KeywordRow>(db, 'SELECT id, keywords, content FROM keyword ORDER BY id ASC');
}

export async function insertKeyword(db: Sql, row: Omit<KeywordRow, 'id'>): Promise<void> {
  await execute(db, 'INSERT INTO keyword (keywords, content) VALUES ($1, $2)', [row.keywords, row.content]);
}

/** Returns the number of rows updated (0 when the record does not exist). */
export function updateKeywordContent(db: Sql, id: number, content: string): Promise<number> {
  return execute(db, 'UPDATE keyword SET content = $2, updated_at = now() WHERE id = $1', [id, content]);
}
