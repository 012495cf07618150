import type { MigrationInterface, QueryRunner } from 'typeorm';

const ITEM_TABLES = ['"case"', 'news'];

/**
 * Preview links end with the state they were made for (docs/behaviour.md#preview): each case and article counts its
 * `preview_generation`, moved on by the database whenever the item goes public or stops being public, or goes into
 * or out of the recycle bin, whoever does it (the back office, the scheduler, a restore). A preview link names the
 * generation it was made in, so a link made before publishing does not show the draft again after a withdrawal, nor
 * one made before a deletion after a restore. Saving a draft leaves the generation alone: the link shows the newest
 * save, as reviewers expect.
 */
export class PreviewGenerations1765000000000 implements MigrationInterface {
  name = 'PreviewGenerations1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION preview_generation() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (OLD.status = 'published') IS DISTINCT FROM (NEW.status = 'published')
           OR (OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL) THEN
          NEW.preview_generation := OLD.preview_generation + 1;
        END IF;
        RETURN NEW;
      END $$`);
    for (const table of ITEM_TABLES) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN preview_generation integer NOT NULL DEFAULT 0`);
      await q.query(
        `CREATE TRIGGER preview_generation BEFORE UPDATE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION preview_generation()`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ITEM_TABLES) {
      await q.query(`DROP TRIGGER preview_generation ON ${table}`);
      await q.query(`ALTER TABLE ${table} DROP COLUMN preview_generation`);
    }
    await q.query(`DROP FUNCTION preview_generation()`);
  }
}
