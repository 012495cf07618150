import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows the public pages and answers are made of. */
export const PUBLISHED_TABLES = ['keyword', 'menu', 'case_class', '"case"', 'news_category', 'news', 'site_block'];

/**
 * The version of the published content, bumped by the database itself in the same transaction as any write to
 * the tables the public side reads, and announced with NOTIFY when that transaction commits: every server
 * process on this database drops what it cached (docs/decisions.md "Published-content cache"). A trigger
 * catches every writer, the back office and a hand-made `UPDATE` alike.
 *
 * Also the WeChat credentials (access token, JS-API ticket), shared by every process instead of held by each.
 */
export class PublishedContent1763900000000 implements MigrationInterface {
  name = 'PublishedContent1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content_version (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        version bigint NOT NULL
      )`);
    await q.query(`INSERT INTO content_version (version) VALUES (1)`);
    await q.query(`
      CREATE FUNCTION content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        next_version bigint;
      BEGIN
        UPDATE content_version SET version = version + 1 RETURNING version INTO next_version;
        PERFORM pg_notify('content_changed', next_version::text);
        RETURN NULL;
      END
      $$`);
    for (const table of PUBLISHED_TABLES) {
      await q.query(
        `CREATE TRIGGER content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION content_changed()`,
      );
    }

    await q.query(`
      CREATE TABLE wechat_credential (
        kind varchar(16) PRIMARY KEY CHECK (kind IN ('access_token', 'jsapi_ticket')),
        app_id varchar(64) NOT NULL,
        value text NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wechat_credential`);
    for (const table of PUBLISHED_TABLES) await q.query(`DROP TRIGGER content_changed ON ${table}`);
    await q.query(`DROP FUNCTION content_changed()`);
    await q.query(`DROP TABLE content_version`);
  }
}
