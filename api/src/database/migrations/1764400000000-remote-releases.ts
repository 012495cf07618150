import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Remote releases (docs/architecture.md "Releases"): the pointer of each remote (the active release, the one
 * active before it for a rollback, a canary with its share of visitors, and the last release the build command's
 * `current.json` named, so each is taken in once), the record of every switch, and the pages and failures counted
 * per release. A change of a pointer is announced on `releases_changed` at commit, so every server instance
 * switches at once.
 */
export class RemoteReleases1764400000000 implements MigrationInterface {
  name = 'RemoteReleases1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE remote_release (
        remote varchar(32) PRIMARY KEY,
        active varchar(41),
        previous varchar(41),
        canary varchar(41),
        canary_percent smallint NOT NULL DEFAULT 0 CHECK (canary_percent BETWEEN 0 AND 99),
        canary_since timestamptz,
        imported varchar(41),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((canary IS NULL) = (canary_percent = 0)),
        CHECK (canary IS NULL OR canary IS DISTINCT FROM active)
      )`);
    await q.query(`
      CREATE TABLE remote_release_event (
        id bigserial PRIMARY KEY,
        remote varchar(32) NOT NULL,
        action varchar(16) NOT NULL
          CHECK (action IN ('activate', 'canary', 'promote', 'abandon', 'rollback', 'auto-rollback', 'refused')),
        from_release varchar(41),
        to_release varchar(41),
        percent smallint,
        actor varchar(255) NOT NULL,
        detail text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX remote_release_event_recent_idx ON remote_release_event (created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE remote_release_stats (
        remote varchar(32) NOT NULL,
        release varchar(41) NOT NULL,
        views bigint NOT NULL DEFAULT 0,
        ssr_failures bigint NOT NULL DEFAULT 0,
        client_errors bigint NOT NULL DEFAULT 0,
        since timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (remote, release)
      )`);
    await q.query(`
      CREATE FUNCTION releases_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('releases_changed', '');
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER releases_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON remote_release
      FOR EACH STATEMENT EXECUTE FUNCTION releases_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE remote_release_stats');
    await q.query('DROP TABLE remote_release_event');
    await q.query('DROP TABLE remote_release');
    await q.query('DROP FUNCTION releases_changed()');
  }
}
