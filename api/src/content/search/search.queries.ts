import { queryCount, type Sql, type SqlFilter } from '../../core/sql.js';
import { isPublic } from '../editing/publishing.js';

// `position()` matches the keyword ($1) literally, so `%`, `_` and `\` in it are ordinary characters (no LIKE
// pattern is ever built from user input). Case-insensitive for Latin letters; Chinese has no case.
//
// On a large site a search takes one of two ways (docs/decisions.md "A large site"), chosen by how often the
// keyword occurs among the newest entries ({@link keywordShare}): a common keyword is tested on the entries in list
// order, which stops at the step's last match; a rarer one is looked up in the search grams' index
// (database/migrations/*-large-site.ts), which names the few rows that can match, and each is then tested.

export type SearchTable = 'news' | 'case';

const TEXTS: Record<SearchTable, { alias: string; columns: string[] }> = {
  news: { alias: 'n', columns: ['title', 'intro'] },
  case: { alias: 'c', columns: ['name', 'intro', 'scene'] },
};

/** The literal test: one of the table's searched texts contains the keyword. */
function containsKeyword(table: SearchTable): string {
  const { alias, columns } = TEXTS[table];
  return columns.map((column) => `position(lower($1) in lower(${alias}.${column})) > 0`).join(' OR ');
}

/** Entries containing the keyword, tested one by one (for a common keyword, read in list order). */
export const containing = (table: SearchTable, keyword: string): SqlFilter => ({
  where: containsKeyword(table),
  param: keyword,
});

/** Entries containing the keyword, found through the search grams' index first (for a rarer keyword). */
export const indexedContaining = (table: SearchTable, keyword: string): SqlFilter => ({
  where: `${TEXTS[table].alias}.search_grams @> search_needles($1) AND (${containsKeyword(table)})`,
  param: keyword,
});

/** How many of the newest published entries {@link keywordShare} tests. */
export const SHARE_SAMPLE = 500;

/** The share (0 to 1) of the newest {@link SHARE_SAMPLE} published entries that contain the keyword. */
export async function keywordShare(db: Sql, table: SearchTable, keyword: string): Promise<number> {
  const { alias } = TEXTS[table];
  const order = table === 'news' ? 'n.create_time DESC, n.id DESC' : 'c.top ASC, c.create_time DESC, c.id DESC';
  const hits = await queryCount(
    db,
    `SELECT count(*)::int AS n FROM (
       SELECT ${TEXTS[table].columns.map((column) => `${alias}.${column}`).join(', ')} FROM "${table}" ${alias}
       WHERE ${isPublic(alias)} ORDER BY ${order} LIMIT ${SHARE_SAMPLE}) ${alias}
     WHERE ${containsKeyword(table)}`,
    [keyword],
  );
  return hits / SHARE_SAMPLE;
}

/** How many published entries a filter keeps, counted up to `limit`. */
export function countUpTo(db: Sql, table: SearchTable, filter: SqlFilter, limit: number): Promise<number> {
  const { alias } = TEXTS[table];
  return queryCount(
    db,
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM "${table}" ${alias} WHERE (${filter.where}) AND ${isPublic(alias)} LIMIT ${limit}) found`,
    [filter.param],
  );
}
