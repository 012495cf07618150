import type { MigrationInterface, QueryRunner } from 'typeorm';

const PUBLISHED = `deleted_at IS NULL AND status = 'published'`;

/**
 * The lists whose published rows `list_count` counts, by table: each list's name and the column of its scope (0: a
 * list of every row).
 */
const COUNTED_LISTS: Record<'news' | 'case', Array<[string, string]>> = {
  news: [
    ['news', '0'],
    ['news_category', 'dynamic_id'],
  ],
  case: [
    ['case_dict', 'dict_id'],
    ['case_class', 'class_id'],
  ],
};

/**
 * What a site ten years old needs to answer as fast as a new one (docs/decisions.md "A large site"):
 *
 * - **Search grams.** Every article, case and lead keeps the distinct characters and pairs of characters of the text a
 *   search reads (lower-cased), in a stored column under a GIN index. A keyword of one character is looked up as
 *   itself, a longer one as all its pairs, so Chinese of any length and Latin words are found through the index;
 *   the literal `position()` test then confirms each candidate. Stored rather than an index expression, so that a
 *   plan walking the list order can test the column without recomputing it for every row.
 * - **Published lists.** Partial indexes over the published rows in each list's order, so that a list step or a
 *   deep offset reads the index only, and a cursor step starts where the last one ended.
 * - **Published counts.** `list_count` holds how many published rows each list has, kept by statement triggers in
 *   the transaction of every write, so a list step answers its total without counting 100,000 rows.
 * - **The back office's lists.** Indexes over the rows outside the recycle bin, in list order, carrying the
 *   columns the filters test, so that the last page of 100,000 is counted and found in the index.
 */
export class LargeSite1765400000000 implements MigrationInterface {
  name = 'LargeSite1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION search_grams(body text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT coalesce(array_agg(DISTINCT gram), '{}'::text[]) FROM (SELECT lower(body) AS t) b,
          LATERAL (SELECT substr(b.t, i, 1) FROM generate_series(1, length(b.t)) i
                   UNION ALL SELECT substr(b.t, i, 2) FROM generate_series(1, length(b.t) - 1) i) g(gram)
      $$`);
    await q.query(`
      CREATE FUNCTION search_needles(keyword text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
        SELECT CASE WHEN length(keyword) <= 1 THEN ARRAY[lower(keyword)]
          ELSE ARRAY(SELECT DISTINCT substr(lower(keyword), i, 2) FROM generate_series(1, length(keyword) - 1) i) END
      $$`);
    await q.query(`
      ALTER TABLE news ADD COLUMN search_grams text[]
        GENERATED ALWAYS AS (search_grams(title || chr(10) || intro)) STORED`);
    await q.query(`
      ALTER TABLE "case" ADD COLUMN search_grams text[]
        GENERATED ALWAYS AS (search_grams(name || chr(10) || intro || chr(10) || scene)) STORED`);
    await q.query(`
      ALTER TABLE message ADD COLUMN search_grams text[]
        GENERATED ALWAYS AS (search_grams(name || ' ' || phone || ' ' || content)) STORED`);
    await q.query('CREATE INDEX news_search_idx ON news USING gin (search_grams)');
    await q.query('CREATE INDEX message_search_idx ON message USING gin (search_grams)');
    await q.query('CREATE INDEX case_search_idx ON "case" USING gin (search_grams)');

    const published = `WHERE ${PUBLISHED}`;
    await q.query(`CREATE INDEX news_public_idx ON news (create_time DESC, id DESC) ${published}`);
    await q.query(`CREATE INDEX news_public_category_idx ON news (dynamic_id, create_time DESC, id DESC) ${published}`);
    await q.query(`CREATE INDEX case_public_idx ON "case" (top, create_time DESC, id DESC) ${published}`);
    await q.query(`CREATE INDEX case_public_dict_idx ON "case" (dict_id, top, create_time DESC, id DESC) ${published}`);
    await q.query(
      `CREATE INDEX case_public_class_idx ON "case" (class_id, top, create_time DESC, id DESC) ${published}`,
    );

    await q.query(`
      CREATE TABLE list_count (
        list varchar(16) NOT NULL CHECK (list IN ('news', 'news_category', 'case_dict', 'case_class')),
        scope integer NOT NULL,
        n integer NOT NULL,
        PRIMARY KEY (list, scope)
      )`);
    // One function per table for every event: the published rows a statement took away count -1 in their lists,
    // the ones it left +1 (statement triggers with transition tables, so a bulk write costs one update per list).
    for (const [table, lists] of Object.entries(COUNTED_LISTS)) {
      const rows = (source: string, sign: string) =>
        lists
          .map(
            ([list, scope]) =>
              `SELECT '${list}', ${scope}, ${sign}count(*) FROM ${source} WHERE ${PUBLISHED} GROUP BY 2`,
          )
          .join(' UNION ALL ');
      const apply = (deltas: string) => `
          INSERT INTO list_count AS c (list, scope, n)
            SELECT list, scope, sum(n) FROM (${deltas}) d(list, scope, n) GROUP BY list, scope HAVING sum(n) <> 0
            ORDER BY list, scope
            ON CONFLICT (list, scope) DO UPDATE SET n = c.n + excluded.n;`;
      const quoted = `"${table}"`;
      await q.query(`
        CREATE FUNCTION count_published_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'TRUNCATE' THEN
            DELETE FROM list_count WHERE list IN (${lists.map(([list]) => `'${list}'`).join(', ')});
          ELSIF TG_OP = 'INSERT' THEN ${apply(rows('came', ''))}
          ELSIF TG_OP = 'DELETE' THEN ${apply(rows('gone', '-'))}
          ELSE ${apply(`${rows('gone', '-')} UNION ALL ${rows('came', '')}`)}
          END IF;
          RETURN NULL;
        END $$`);
      const run = `FOR EACH STATEMENT EXECUTE FUNCTION count_published_${table}()`;
      await q.query(
        `CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${quoted} REFERENCING NEW TABLE AS came ${run}`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_count_update AFTER UPDATE ON ${quoted} REFERENCING OLD TABLE AS gone NEW TABLE AS came ${run}`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${quoted} REFERENCING OLD TABLE AS gone ${run}`,
      );
      await q.query(`CREATE TRIGGER ${table}_count_truncate AFTER TRUNCATE ON ${quoted} ${run}`);
      await q.query(`INSERT INTO list_count (list, scope, n) ${rows(quoted, '')}`);
    }

    await q.query(`
      CREATE INDEX news_admin_idx ON news (create_time DESC, id DESC) INCLUDE (dynamic_id, status, author_id)
        WHERE deleted_at IS NULL`);
    await q.query(`
      CREATE INDEX case_admin_idx ON "case" (create_time DESC, id DESC) INCLUDE (dict_id, class_id, status, author_id)
        WHERE deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['news', 'case']) {
      for (const event of ['insert', 'update', 'delete', 'truncate'])
        await q.query(`DROP TRIGGER ${table}_count_${event} ON "${table}"`);
      await q.query(`DROP FUNCTION count_published_${table}()`);
    }
    await q.query('DROP TABLE list_count');
    await q.query(`
      DROP INDEX news_admin_idx, case_admin_idx, news_public_idx, news_public_category_idx, case_public_idx,
        case_public_dict_idx, case_public_class_idx`);
    await q.query('ALTER TABLE news DROP COLUMN search_grams');
    await q.query('ALTER TABLE message DROP COLUMN search_grams');
    await q.query('ALTER TABLE "case" DROP COLUMN search_grams');
    await q.query('DROP FUNCTION search_grams(text), search_needles(text)');
  }
}
