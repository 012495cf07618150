import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One durable outbox for the work that follows a write and reaches another service (docs/architecture.md
 * "Outbox"): Baidu's link push and the leads' notifications had a queue and a log each, with the same claim, lease
 * and backoff written twice. Their waiting rows and their logs move here:
 * - `outbox`: one row per piece of work, of a `kind` (its consumer) and a `lane` (a consumer's separate line, such
 *   as a lead's channel: a lane that hangs holds only itself), unique by `key` in its kind and lane (a page's path,
 *   a message's id), with what the consumer needs in `payload`;
 * - `outbox_log`: the last attempts of each kind, as the consumer's screen shows them (`entry`).
 */
export class OneOutbox1765200000000 implements MigrationInterface {
  name = 'OneOutbox1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox (
        id bigserial PRIMARY KEY,
        kind varchar(16) NOT NULL,
        lane varchar(16) NOT NULL DEFAULT '',
        key varchar(2048) NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(payload) = 'object'),
        state varchar(8) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        queued_at timestamptz NOT NULL DEFAULT now(),
        claim uuid,
        lease_until timestamptz,
        UNIQUE (kind, lane, key)
      )`);
    await q.query(`CREATE INDEX outbox_due_idx ON outbox (kind, lane, next_attempt_at, id) WHERE state = 'pending'`);
    await q.query(`CREATE INDEX outbox_claim_idx ON outbox (claim) WHERE claim IS NOT NULL`);
    await q.query(`
      CREATE TABLE outbox_log (
        id bigserial PRIMARY KEY,
        kind varchar(16) NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        entry jsonb NOT NULL CHECK (jsonb_typeof(entry) = 'object')
      )`);
    await q.query(`CREATE INDEX outbox_log_kind_idx ON outbox_log (kind, id)`);

    await q.query(`
      INSERT INTO outbox (kind, key, payload, state, attempts, next_attempt_at, last_error, queued_at, claim,
        lease_until)
      SELECT 'baidu-push', path, jsonb_build_object('reason', reason), state, attempts, next_attempt_at, last_error,
        queued_at, claim, lease_until
      FROM baidu_push_queue ORDER BY id`);
    await q.query(`
      INSERT INTO outbox (kind, lane, key, payload, state, attempts, next_attempt_at, last_error, queued_at, claim,
        lease_until)
      SELECT 'lead', channel, message_id::text, payload || jsonb_build_object('message_id', message_id), state,
        attempts, next_attempt_at, last_error, queued_at, claim, lease_until
      FROM lead_outbox ORDER BY id`);
    await q.query(`
      INSERT INTO outbox_log (kind, at, entry)
      SELECT 'baidu-push', at, jsonb_build_object('urls', urls, 'status', status, 'ok', ok, 'success', success,
        'remain', remain, 'not_same_site', not_same_site, 'not_valid', not_valid, 'error', error, 'manual', manual)
      FROM baidu_push_log ORDER BY id`);
    await q.query(`
      INSERT INTO outbox_log (kind, at, entry)
      SELECT 'lead', at, jsonb_build_object('channel', channel, 'message_id', message_id, 'subject', subject,
        'ok', ok, 'answer', answer, 'attempt', attempt, 'test', test)
      FROM lead_delivery_log ORDER BY id`);
    await q.query(`DROP TABLE baidu_push_queue, baidu_push_log, lead_outbox, lead_delivery_log`);
  }

  async down(q: QueryRunner): Promise<void> {
    const channel = `varchar(10) NOT NULL CHECK (channel IN ('email', 'wecom', 'dingtalk'))`;
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
      CREATE TABLE lead_outbox (
        id bigserial PRIMARY KEY,
        message_id integer NOT NULL,
        channel ${channel},
        payload jsonb NOT NULL CHECK (jsonb_typeof(payload) = 'object'),
        state varchar(8) NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        queued_at timestamptz NOT NULL DEFAULT now(),
        claim uuid,
        lease_until timestamptz,
        UNIQUE (message_id, channel)
      )`);
    await q.query(`CREATE INDEX lead_outbox_due_idx ON lead_outbox (next_attempt_at, id) WHERE state = 'pending'`);
    await q.query(`
      CREATE TABLE lead_delivery_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        channel ${channel},
        message_id integer,
        subject varchar(200) NOT NULL,
        ok boolean NOT NULL,
        answer text NOT NULL,
        attempt integer NOT NULL,
        test boolean NOT NULL DEFAULT false
      )`);

    await q.query(`
      INSERT INTO baidu_push_queue (path, reason, state, attempts, next_attempt_at, last_error, queued_at, claim,
        lease_until)
      SELECT key, payload->>'reason', state, attempts, next_attempt_at, last_error, queued_at, claim, lease_until
      FROM outbox WHERE kind = 'baidu-push' ORDER BY id`);
    await q.query(`
      INSERT INTO lead_outbox (message_id, channel, payload, state, attempts, next_attempt_at, last_error,
        queued_at, claim, lease_until)
      SELECT key::integer, lane, payload - 'message_id', state, attempts, next_attempt_at, last_error, queued_at,
        claim, lease_until
      FROM outbox WHERE kind = 'lead' ORDER BY id`);
    await q.query(`
      INSERT INTO baidu_push_log (at, urls, status, ok, success, remain, not_same_site, not_valid, error, manual)
      SELECT at, entry->'urls', (entry->>'status')::integer, (entry->>'ok')::boolean,
        (entry->>'success')::integer, (entry->>'remain')::integer, entry->'not_same_site', entry->'not_valid',
        entry->>'error', (entry->>'manual')::boolean
      FROM outbox_log WHERE kind = 'baidu-push' ORDER BY id`);
    await q.query(`
      INSERT INTO lead_delivery_log (at, channel, message_id, subject, ok, answer, attempt, test)
      SELECT at, entry->>'channel', (entry->>'message_id')::integer, entry->>'subject', (entry->>'ok')::boolean,
        entry->>'answer', (entry->>'attempt')::integer, (entry->>'test')::boolean
      FROM outbox_log WHERE kind = 'lead' ORDER BY id`);
    await q.query(`DROP TABLE outbox_log, outbox`);
  }
}
