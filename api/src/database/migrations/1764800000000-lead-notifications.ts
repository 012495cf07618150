import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * New leads reach the sales team (docs/behaviour.md#lead-notifications):
 * - `notify_channel`: one row per channel (mail, WeCom robot, DingTalk robot), its settings and secrets;
 * - `lead_outbox`: one row per message and enabled channel, written in the transaction that stores the message, so
 *   a message is never stored without its deliveries nor the reverse. Workers claim due rows with a lease (as Baidu's
 *   push queue does) and delete them once the channel took them; failures are retried with backoff. The lead is
 *   copied into `payload`, so deleting the message does not stop its delivery;
 * - `lead_delivery_log`: the last attempts and the channels' answers.
 */
export class LeadNotifications1764800000000 implements MigrationInterface {
  name = 'LeadNotifications1764800000000';

  async up(q: QueryRunner): Promise<void> {
    const channel = `varchar(10) NOT NULL CHECK (channel IN ('email', 'wecom', 'dingtalk'))`;
    await q.query(`
      CREATE TABLE notify_channel (
        channel ${channel} PRIMARY KEY,
        enabled boolean NOT NULL DEFAULT false,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO notify_channel (channel) VALUES ('email'), ('wecom'), ('dingtalk')`);

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
    await q.query(`CREATE INDEX message_unread_idx ON message (id) WHERE NOT read`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX message_unread_idx`);
    await q.query(`DROP TABLE lead_delivery_log, lead_outbox, notify_channel`);
  }
}
