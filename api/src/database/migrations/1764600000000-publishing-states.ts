import type { MigrationInterface, QueryRunner } from 'typeorm';

const ITEM_TABLES = ['"case"', 'news'];

/**
 * Drafts and scheduled publishing of cases and articles (docs/behaviour.md#drafts-and-scheduled-publishing): each
 * row is `draft`, `scheduled` (with the time it goes public) or `published`. Every existing row is published. The
 * partial index serves the scheduler's look for due rows. A change of state is an update of a published table, so
 * the content trigger tells every server at once.
 */
export class PublishingStates1764600000000 implements MigrationInterface {
  name = 'PublishingStates1764600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ITEM_TABLES) {
      const name = table.replace(/"/g, '');
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN status varchar(16) NOT NULL DEFAULT 'published'
            CONSTRAINT ${name}_status_known CHECK (status IN ('draft', 'scheduled', 'published')),
          ADD COLUMN publish_at timestamptz,
          ADD CONSTRAINT ${name}_scheduled_has_time CHECK (status <> 'scheduled' OR publish_at IS NOT NULL)`);
      await q.query(
        `CREATE INDEX ${name}_due ON ${table} (publish_at) WHERE status = 'scheduled' AND deleted_at IS NULL`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ITEM_TABLES) {
      const name = table.replace(/"/g, '');
      await q.query(`DROP INDEX ${name}_due`);
      await q.query(
        `ALTER TABLE ${table} DROP CONSTRAINT ${name}_scheduled_has_time, DROP COLUMN publish_at, DROP COLUMN status`,
      );
    }
  }
}
