import { execute, type Sql } from '../core/sql.js';

/** News categories are created by the seed only (the back office has no editor for them). */
export async function insertNewsCategory(
  db: Sql,
  category: { id: number; name: string; position: number },
): Promise<void> {
  await execute(db, 'INSERT INTO news_category (id, name, position) VALUES ($1, $2, $3)', [
    category.id,
    category.name,
    category.position,
  ]);
}

/** Moves a table's id sequence past the ids inserted by hand. */
export async function syncIdSequence(db: Sql, table: 'menu' | 'news_category'): Promise<void> {
  await execute(db, `SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT max(id) FROM ${table}))`, [table]);
}
