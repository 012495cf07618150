import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The remote releases kept in the media store (docs/architecture.md "Releases"): one row per release stored there,
 * written once its files and its manifest are all in the store. It holds the manifest's SHA-256 (so a server that
 * fetches the release checks the manifest, and through it every file) and the release's record, so the pointer's
 * checks and the release list need not read the store.
 */
export class StoredReleases1765410000000 implements MigrationInterface {
  name = 'StoredReleases1765410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE remote_release_build (
        remote varchar(32) NOT NULL,
        release varchar(41) NOT NULL,
        manifest_sha256 char(64) NOT NULL,
        record jsonb,
        files integer NOT NULL,
        bytes bigint NOT NULL,
        stored_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (remote, release)
      )`);
    await q.query('CREATE INDEX remote_release_build_recent_idx ON remote_release_build (remote, stored_at DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE remote_release_build');
  }
}
