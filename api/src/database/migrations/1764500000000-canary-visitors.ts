import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What judges a canary (docs/behaviour.md#remote-releases): the distinct visitors a canary release served and
 * whether each of them met a failure, kept by a key made from the visitor's network address (never the address
 * itself); and the site's secrets, made once and shared by every server instance (the canary's report tokens are
 * signed with one).
 */
export class CanaryVisitors1764500000000 implements MigrationInterface {
  name = 'CanaryVisitors1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE remote_release_visitor (
        remote varchar(32) NOT NULL,
        release varchar(41) NOT NULL,
        visitor varchar(32) NOT NULL,
        failed boolean NOT NULL DEFAULT false,
        PRIMARY KEY (remote, release, visitor)
      )`);
    await q.query(`
      CREATE TABLE site_secret (
        name varchar(32) PRIMARY KEY,
        value varchar(128) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE site_secret');
    await q.query('DROP TABLE remote_release_visitor');
  }
}
