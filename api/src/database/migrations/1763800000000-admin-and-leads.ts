import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The back office: administrator, sessions, rate limits (login, contact form) and the messages left by visitors. */
export class AdminAndLeads1763800000000 implements MigrationInterface {
  name = 'AdminAndLeads1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_user (
        id serial PRIMARY KEY,
        email varchar(254) NOT NULL UNIQUE CHECK (email = lower(email)),
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        password_changed_at timestamptz NOT NULL DEFAULT now()
      )`);

    // Only a SHA-256 of each token is stored: a leaked table does not let anyone in.
    await q.query(`
      CREATE TABLE admin_session (
        token_hash char(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES admin_user (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ip varchar(64) NOT NULL DEFAULT '',
        user_agent varchar(300) NOT NULL DEFAULT ''
      )`);
    await q.query(`CREATE INDEX admin_session_user_idx ON admin_session (user_id)`);

    // Failure counters that survive a restart: a fixed window per key, then a block that doubles each time.
    await q.query(`
      CREATE TABLE rate_limit (
        key varchar(400) PRIMARY KEY,
        hits integer NOT NULL DEFAULT 0,
        window_start timestamptz NOT NULL DEFAULT now(),
        blocked_until timestamptz,
        strikes integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE message (
        id serial PRIMARY KEY,
        name varchar(50) NOT NULL,
        phone varchar(30) NOT NULL,
        email varchar(254) NOT NULL DEFAULT '',
        address varchar(200) NOT NULL DEFAULT '',
        content text NOT NULL,
        read boolean NOT NULL DEFAULT false,
        page varchar(500) NOT NULL DEFAULT '',
        ip varchar(64) NOT NULL DEFAULT '',
        user_agent varchar(300) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX message_order_idx ON message (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE message, rate_limit, admin_session, admin_user`);
  }
}
