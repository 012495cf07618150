import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each picture of the media library is used, kept by the database (docs/decisions.md "Media library"):
 *
 * - `media_refs(text)`: the stored pictures a text names, as their addresses (`/uploads/YYYY/MM/<32 hex>.<type>` or
 *   a demo drawing's `/uploads/seed/v<n>/<name>.svg`). A name is found as the uploads server finds it: escapes of
 *   letters, digits, `.`, `-` and `/` decoded, slashes doubled or more read as one, `/uploads` in any case, under
 *   any origin, with any query, but not as the start of a longer name. `relative`: one of its mentions has no host
 *   before it. Only such a mention is this site's for certain (another site may run the same software).
 * - `media_use (url, kind, item_id, block)`: one row per picture and item using it: a case, an article or a menu
 *   by id (in the recycle bin too), or a site block by key. Revisions are history and have none.
 * - a trigger on every content table keeps it: each row written is read again (its picture columns) and its uses
 *   replaced, in the writing transaction, whoever writes (the back office, a restore of a revision or from the
 *   recycle bin, the seeder, a hand-made `UPDATE`). A write that adds a picture of this site takes a `KEY SHARE`
 *   lock on its `media` row, so a delete (which takes the row `FOR UPDATE`, then reads the uses) and the save wait
 *   for each other; when the row is missing the write is refused (SQLSTATE `YFM01`, the addresses in the detail).
 *   Pictures the row already named are not checked (content older than the library may name a lost picture), nor
 *   are the demo drawings (the seed draws them at every start; the library records them in the background).
 *
 * A backup restore loads the rows with the triggers off, `media_use` with them; an archive older than this table
 * gets it from the backfill below, as an older database does.
 */

/** The content tables, the kind of use they make, how a row is named, and the columns that can hold a picture. */
export const PICTURE_SOURCES = [
  { table: '"case"', kind: 'case', key: 'id', columns: ['img', 'code_img', 'banner', 'content'] },
  { table: 'news', kind: 'news', key: 'id', columns: ['img', 'content'] },
  { table: 'menu', kind: 'menu', key: 'id', columns: ['img', 'background', 'intro'] },
  { table: 'site_block', kind: 'block', key: 'key', columns: ['value'] },
] as const;

/** The pictures' own names (`isStoredUpload` in shared-types, without the leading `/uploads/`). */
const STORED_NAME = String.raw`[0-9]{4}/[0-9]{2}/[0-9a-f]{32}\.(?:jpg|png|gif|webp)|seed/v[0-9]+/[a-z0-9-]+\.svg`;

/** The SQL text of a source's picture columns in a row given as `jsonb`. */
const pictureText = (row: string, columns: readonly string[]) =>
  `concat_ws(' ', ${columns.map((column) => `${row} ->> '${column}'`).join(', ')})`;

export class MediaUses1764900000000 implements MigrationInterface {
  name = 'MediaUses1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION media_unescape(body text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
      DECLARE
        pair text;
        code integer;
      BEGIN
        IF strpos(body, '%') = 0 THEN
          RETURN body;
        END IF;
        FOR pair IN SELECT DISTINCT hex[1] FROM regexp_matches(body, '%([0-9A-Fa-f]{2})', 'g') AS hex LOOP
          code := ('x' || pair)::bit(8)::integer;
          IF code BETWEEN 45 AND 57 OR code BETWEEN 65 AND 90 OR code BETWEEN 97 AND 122 THEN
            body := replace(body, '%' || pair, chr(code));
          END IF;
        END LOOP;
        RETURN body;
      END
      $$`);
    await q.query(`
      CREATE FUNCTION media_refs(body text, OUT url text, OUT relative boolean)
      RETURNS SETOF record LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT '/uploads/' || mention.part[2], bool_or(mention.part[1] = '')
        FROM regexp_matches(
          regexp_replace(media_unescape(coalesce(body, '')), '/{2,}', '/', 'g'),
          '([A-Za-z0-9.:\\]_-]*)/[Uu][Pp][Ll][Oo][Aa][Dd][Ss]/(${STORED_NAME})(?![A-Za-z0-9._~-])', 'g'
        ) WITH ORDINALITY AS mention (part, position)
        GROUP BY mention.part[2]
        ORDER BY min(mention.position)
      $$`);

    await q.query(`
      CREATE TABLE media_use (
        url text NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('case', 'news', 'menu', 'block')),
        item_id integer NOT NULL DEFAULT 0,
        block varchar(32) NOT NULL DEFAULT '',
        PRIMARY KEY (url, kind, item_id, block),
        CHECK ((kind = 'block') = (block <> '' AND item_id = 0))
      )`);
    await q.query(`CREATE INDEX media_use_item_idx ON media_use (kind, item_id, block)`);

    // TG_ARGV: the kind, the column naming the row (`id` or `key`), then the picture columns.
    await q.query(`
      CREATE FUNCTION media_use_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        use_kind text := TG_ARGV[0];
        by_id boolean := TG_ARGV[1] = 'id';
        columns text[] := TG_ARGV[2:TG_NARGS - 1];
        old_row jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
        new_row jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
        old_text text := (SELECT string_agg(old_row ->> col.name, ' ' ORDER BY col.n)
                            FROM unnest(columns) WITH ORDINALITY AS col (name, n));
        new_text text := (SELECT string_agg(new_row ->> col.name, ' ' ORDER BY col.n)
                            FROM unnest(columns) WITH ORDINALITY AS col (name, n));
        old_id integer := CASE WHEN by_id THEN (old_row ->> 'id')::integer ELSE 0 END;
        new_id integer := CASE WHEN by_id THEN (new_row ->> 'id')::integer ELSE 0 END;
        old_block text := CASE WHEN by_id THEN '' ELSE old_row ->> TG_ARGV[1] END;
        new_block text := CASE WHEN by_id THEN '' ELSE new_row ->> TG_ARGV[1] END;
        added text[];
        held text[];
        missing text[];
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM media_use WHERE kind = use_kind;
          RETURN NULL;
        END IF;
        IF TG_OP = 'UPDATE' AND old_text IS NOT DISTINCT FROM new_text AND old_id = new_id
           AND old_block = new_block THEN
          RETURN NULL;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          -- The pictures of this site the write adds (not those the row named already, nor the demo drawings),
          -- locked until the transaction ends: a delete under way is waited for, and one to come waits.
          added := ARRAY(
            SELECT r.url FROM media_refs(new_text) AS r
             WHERE r.relative AND r.url NOT LIKE '/uploads/seed/%'
               AND r.url NOT IN (SELECT o.url FROM media_refs(old_text) AS o));
          IF cardinality(added) > 0 THEN
            held := ARRAY(SELECT m.url FROM media m WHERE m.url = ANY (added) ORDER BY m.id FOR KEY SHARE);
            missing := ARRAY(SELECT a FROM unnest(added) AS a WHERE a <> ALL (held));
            IF cardinality(missing) > 0 THEN
              RAISE EXCEPTION 'pictures missing from the media library: %', array_to_string(missing, ' ')
                USING ERRCODE = 'YFM01', DETAIL = array_to_string(missing, ' ');
            END IF;
          END IF;
        END IF;
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM media_use WHERE kind = use_kind AND item_id = old_id AND block = old_block;
        END IF;
        IF TG_OP <> 'DELETE' THEN
          INSERT INTO media_use (url, kind, item_id, block)
            SELECT r.url, use_kind, new_id, new_block FROM media_refs(new_text) AS r
            ON CONFLICT DO NOTHING;
        END IF;
        RETURN NULL;
      END
      $$`);

    for (const { table, kind, key, columns } of PICTURE_SOURCES) {
      const args = [kind, key, ...columns].map((arg) => `'${arg}'`).join(', ');
      await q.query(
        `CREATE TRIGGER media_use_changed AFTER INSERT OR DELETE OR UPDATE OF ${[key, ...columns].join(', ')}
         ON ${table} FOR EACH ROW EXECUTE FUNCTION media_use_changed(${args})`,
      );
      await q.query(
        `CREATE TRIGGER media_use_truncated AFTER TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION media_use_changed('${kind}')`,
      );
      // The content already there (nothing is checked: it was accepted when it was saved).
      const id = key === 'id' ? `source.id, ''` : `0, source.key`;
      await q.query(
        `INSERT INTO media_use (url, kind, item_id, block)
         SELECT r.url, '${kind}', ${id}
           FROM ${table} source CROSS JOIN LATERAL media_refs(${pictureText('to_jsonb(source)', columns)}) AS r
         ON CONFLICT DO NOTHING`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const { table } of PICTURE_SOURCES) {
      await q.query(`DROP TRIGGER media_use_truncated ON ${table}`);
      await q.query(`DROP TRIGGER media_use_changed ON ${table}`);
    }
    await q.query(`DROP FUNCTION media_use_changed()`);
    await q.query(`DROP TABLE media_use`);
    await q.query(`DROP FUNCTION media_refs(text)`);
    await q.query(`DROP FUNCTION media_unescape(text)`);
  }
}
