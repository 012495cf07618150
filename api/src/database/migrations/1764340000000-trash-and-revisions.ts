import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The recycle bin and revisions (docs/decisions.md "Recycle bin and revisions"). Deleting a case, an article or a
 * menu in the back office sets `deleted_at` (and `deleted_by`, the administrator) instead of removing the row; every
 * public read keeps `deleted_at IS NULL`, and rows are purged 30 days later. Every save of a case, an article or a
 * site block writes a `revision` (the saved document as JSON), the last 30 per item kept.
 */
export class TrashAndRevisions1764340000000 implements MigrationInterface {
  name = 'TrashAndRevisions1764340000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['"case"', 'news', 'menu']) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN deleted_at timestamptz,
          ADD COLUMN deleted_by integer REFERENCES admin_user (id) ON DELETE SET NULL`);
    }
    // The bin lists and the hourly purge read only the few trashed rows.
    await q.query(`CREATE INDEX case_trash_idx ON "case" (deleted_at) WHERE deleted_at IS NOT NULL`);
    await q.query(`CREATE INDEX news_trash_idx ON news (deleted_at) WHERE deleted_at IS NOT NULL`);
    await q.query(`CREATE INDEX menu_trash_idx ON menu (deleted_at) WHERE deleted_at IS NOT NULL`);
    await q.query(`CREATE INDEX case_deleted_by_idx ON "case" (deleted_by) WHERE deleted_by IS NOT NULL`);
    await q.query(`CREATE INDEX news_deleted_by_idx ON news (deleted_by) WHERE deleted_by IS NOT NULL`);
    await q.query(`CREATE INDEX menu_deleted_by_idx ON menu (deleted_by) WHERE deleted_by IS NOT NULL`);

    // A case or an article is named by its id; a site block by its kind alone (item_id 0).
    await q.query(`
      CREATE TABLE revision (
        id bigserial PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('case', 'news', 'header', 'footer', 'home', 'about', 'contact')),
        item_id integer NOT NULL CHECK ((kind IN ('case', 'news')) = (item_id > 0)),
        number integer NOT NULL CHECK (number > 0),
        document jsonb NOT NULL,
        author_id integer REFERENCES admin_user (id) ON DELETE SET NULL,
        restored_from integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, item_id, number)
      )`);
    await q.query(`CREATE INDEX revision_author_idx ON revision (author_id) WHERE author_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE revision`);
    for (const table of ['menu', 'news', '"case"']) {
      await q.query(`DROP INDEX IF EXISTS ${table.replaceAll('"', '')}_trash_idx`);
      await q.query(`DROP INDEX IF EXISTS ${table.replaceAll('"', '')}_deleted_by_idx`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN deleted_by, DROP COLUMN deleted_at`);
    }
  }
}
