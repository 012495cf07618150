import type { MigrationInterface, QueryRunner } from 'typeorm';

const ITEM_TABLES = ['"case"', 'news'];

/**
 * A team runs the back office (docs/behaviour.md#accounts-and-roles): accounts with a role (the oldest one becomes
 * the owner), invitations, two-step sign-in with recovery codes, a session id the 登录设备 screen can name, review
 * of contributors' cases and articles, and the append-only audit trail.
 */
export class Team1765300000000 implements MigrationInterface {
  name = 'Team1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE admin_user
        ADD COLUMN name varchar(40) NOT NULL DEFAULT '',
        ADD COLUMN role varchar(16) NOT NULL DEFAULT 'admin'
          CONSTRAINT admin_user_role_known CHECK (role IN ('owner', 'admin', 'editor', 'contributor')),
        ADD COLUMN disabled_at timestamptz,
        ADD COLUMN last_login_at timestamptz,
        ADD COLUMN totp_secret varchar(64),
        ADD COLUMN totp_pending varchar(64),
        ADD COLUMN totp_last_step bigint,
        ADD CONSTRAINT admin_user_owner_enabled CHECK (role <> 'owner' OR disabled_at IS NULL)`);
    await q.query(`UPDATE admin_user SET role = 'owner' WHERE id = (SELECT min(id) FROM admin_user)`);
    await q.query(`CREATE UNIQUE INDEX admin_user_one_owner ON admin_user ((true)) WHERE role = 'owner'`);

    await q.query(`
      CREATE TABLE admin_recovery_code (
        user_id integer NOT NULL REFERENCES admin_user (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (user_id, code_hash)
      )`);

    await q.query(`
      CREATE TABLE admin_invitation (
        id serial PRIMARY KEY,
        token_hash char(64) NOT NULL UNIQUE,
        email varchar(254) NOT NULL CHECK (email = lower(email)),
        name varchar(40) NOT NULL DEFAULT '',
        role varchar(16) NOT NULL CHECK (role IN ('admin', 'editor', 'contributor')),
        invited_by integer REFERENCES admin_user (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        cancelled_at timestamptz
      )`);
    await q.query(`CREATE INDEX admin_invitation_email_idx ON admin_invitation (email)`);
    // One invitation of an e-mail waits at a time: a new one cancels the one before (an expired one too).
    await q.query(`
      CREATE UNIQUE INDEX admin_invitation_one_pending ON admin_invitation (email)
        WHERE accepted_at IS NULL AND cancelled_at IS NULL`);

    await q.query(`
      CREATE TABLE role_policy (
        role varchar(16) PRIMARY KEY CHECK (role IN ('owner', 'admin', 'editor', 'contributor')),
        two_step_required boolean NOT NULL DEFAULT false
      )`);

    await q.query(`ALTER TABLE admin_session ADD COLUMN id bigserial NOT NULL UNIQUE`);

    for (const table of ITEM_TABLES) {
      const name = table.replace(/"/g, '');
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN author_id integer REFERENCES admin_user (id) ON DELETE SET NULL,
          ADD COLUMN review varchar(16) CONSTRAINT ${name}_review_known CHECK (review IN ('pending', 'returned')),
          ADD COLUMN review_number integer,
          ADD COLUMN review_comment varchar(500) NOT NULL DEFAULT '',
          ADD COLUMN review_at timestamptz,
          ADD CONSTRAINT ${name}_review_has_revision CHECK (review IS NULL OR review_number IS NOT NULL)`);
      await q.query(`CREATE INDEX ${name}_author_idx ON ${table} (author_id) WHERE author_id IS NOT NULL`);
      await q.query(`CREATE INDEX ${name}_review_idx ON ${table} (review_at) WHERE review = 'pending'`);
    }
    await q.query(`
      ALTER TABLE revision
        ADD COLUMN action varchar(16) NOT NULL DEFAULT 'save'
          CONSTRAINT revision_action_known CHECK (action IN ('save', 'submit', 'approve', 'return')),
        ADD COLUMN note varchar(500) NOT NULL DEFAULT ''`);

    // Who did what (docs/behaviour.md#audit-trail). No account can change a record; a record is deleted only once it
    // is older than the legal minimum (the retention sweep). A restore loads the archive's rows with triggers off.
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id integer,
        actor varchar(254) NOT NULL DEFAULT '',
        ip varchar(64) NOT NULL DEFAULT '',
        action varchar(40) NOT NULL,
        item_kind varchar(20) NOT NULL DEFAULT '',
        item_id integer,
        title varchar(200) NOT NULL DEFAULT '',
        revision integer,
        detail jsonb
      )`);
    await q.query(`CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC)`);
    await q.query(`CREATE INDEX audit_log_item_idx ON audit_log (item_kind, item_id, at DESC, id DESC)`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND OLD.at < now() - interval '180 days' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(`ALTER TABLE revision DROP COLUMN note, DROP COLUMN action`);
    for (const table of ITEM_TABLES) {
      const name = table.replace(/"/g, '');
      await q.query(`DROP INDEX ${name}_review_idx`);
      await q.query(`DROP INDEX ${name}_author_idx`);
      await q.query(`
        ALTER TABLE ${table} DROP CONSTRAINT ${name}_review_has_revision, DROP COLUMN review_at,
          DROP COLUMN review_comment, DROP COLUMN review_number, DROP COLUMN review, DROP COLUMN author_id`);
    }
    await q.query(`ALTER TABLE admin_session DROP COLUMN id`);
    await q.query(`DROP TABLE role_policy, admin_invitation, admin_recovery_code`);
    await q.query(`DROP INDEX admin_user_one_owner`);
    await q.query(`
      ALTER TABLE admin_user DROP CONSTRAINT admin_user_owner_enabled, DROP COLUMN totp_last_step,
        DROP COLUMN totp_pending, DROP COLUMN totp_secret, DROP COLUMN last_login_at, DROP COLUMN disabled_at,
        DROP COLUMN role, DROP COLUMN name`);
  }
}
