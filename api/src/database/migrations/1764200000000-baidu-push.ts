import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Baidu's link push (docs/behaviour.md#baidu-link-push): the addresses waiting to be pushed, one row per address
 * (a second change of the same page before it went out is the same row), the last answers, and the daily quota
 * Baidu reports. A worker claims due rows with a lease (`claim`, `lease_until`) and deletes them once Baidu took
 * them: a worker killed mid-push leaves its rows to be claimed again when the lease runs out.
 */
export class BaiduPush1764200000000 implements MigrationInterface {
  name = 'BaiduPush1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE baidu_push_queue (
        id bigserial PRIMARY KEY,
        path varchar(2048) NOT NULL UNIQUE CHECK (path LIKE '/%'),
        reason varchar(8) NOT NULL CHECK (reason IN ('create', 'update', 'delete', 'manual')),
        state varchar(8) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        queued_at timestamptz NOT NULL DEFAULT now(),
        claim uuid,
        lease_until timestamptz
      )`);
    await q.query(
      `CREATE INDEX baidu_push_queue_due_idx ON baidu_push_queue (next_attempt_at, id) WHERE state = 'pending'`,
    );
    await q.query(`CREATE INDEX baidu_push_queue_claim_idx ON baidu_push_queue (claim) WHERE claim IS NOT NULL`);

    await q.query(`
      CREATE TABLE baidu_push_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        urls jsonb NOT NULL CHECK (jsonb_typeof(urls) = 'array'),
        status integer NOT NULL,
        ok boolean NOT NULL,
        success integer,
        remain integer,
        not_same_site jsonb NOT NULL DEFAULT '[]'::jsonb,
        not_valid jsonb NOT NULL DEFAULT '[]'::jsonb,
        error text,
        manual boolean NOT NULL DEFAULT false
      )`);

    await q.query(`
      CREATE TABLE baidu_push_quota (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        remain integer,
        reported_at timestamptz,
        held_until timestamptz
      )`);
    await q.query(`INSERT INTO baidu_push_quota DEFAULT VALUES`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE baidu_push_quota, baidu_push_log, baidu_push_queue`);
  }
}
