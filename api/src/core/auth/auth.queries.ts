import type { Role } from '@site/shared-types';
import type { EntityManager } from 'typeorm';
import { execute, milliseconds, query, queryCount, queryOne, type Sql } from '../sql.js';

export interface AdminUserRow {
  id: number;
  password_hash: string;
  disabled: boolean;
}

/**
 * A live session of an enabled account: `stale` when its last use is older than the touch interval (so it is
 * written again); `setup_required` when the account's role must use two-step sign-in and it has not set it up.
 */
export interface SessionRow {
  user_id: number;
  email: string;
  role: Role;
  stale: boolean;
  setup_required: boolean;
}

export interface NewSession {
  tokenHash: string;
  userId: number;
  /** How long the session may live at most. */
  lifetimeMs: number;
  ip: string;
  userAgent: string;
}

export function countAdminUsers(db: Sql): Promise<number> {
  return queryCount(db, 'SELECT count(*)::int AS n FROM admin_user');
}

/** Every administrator's e-mail, oldest account first. */
export async function listAdminEmails(db: Sql): Promise<string[]> {
  const rows = await query<{ email: string }>(db, 'SELECT email FROM admin_user ORDER BY id');
  return rows.map((row) => row.email);
}

/** Whether the schema has been made (the server has started on this database at least once). */
export async function hasAdminTable(db: Sql): Promise<boolean> {
  const row = await queryOne<{ present: boolean }>(db, `SELECT to_regclass('admin_user') IS NOT NULL AS present`);
  return row?.present === true;
}

/** The first account, made at the first start, is the owner. */
export async function insertAdminUser(manager: EntityManager, email: string, passwordHash: string): Promise<void> {
  await execute(manager, `INSERT INTO admin_user (email, password_hash, role) VALUES ($1, $2, 'owner')`, [
    email,
    passwordHash,
  ]);
}

export function findAdminByEmail(db: Sql, email: string): Promise<AdminUserRow | undefined> {
  return queryOne<AdminUserRow>(
    db,
    'SELECT id, password_hash, disabled_at IS NOT NULL AS disabled FROM admin_user WHERE email = $1',
    [email],
  );
}

export function findAdminById(db: Sql, id: number): Promise<AdminUserRow | undefined> {
  return queryOne<AdminUserRow>(
    db,
    'SELECT id, password_hash, disabled_at IS NOT NULL AS disabled FROM admin_user WHERE id = $1',
    [id],
  );
}

/** An administrator's e-mail (for an audit entry); `undefined` when the account is gone. */
export async function findAdminEmail(db: Sql, id: number): Promise<string | undefined> {
  return (await queryOne<{ email: string }>(db, 'SELECT email FROM admin_user WHERE id = $1', [id]))?.email;
}

export async function updatePasswordHash(manager: EntityManager, userId: number, passwordHash: string): Promise<void> {
  await execute(manager, 'UPDATE admin_user SET password_hash = $2, password_changed_at = now() WHERE id = $1', [
    userId,
    passwordHash,
  ]);
}

/** Drops the user's sessions that have ended (too old, or idle longer than `idleMs`). */
export async function deleteEndedSessions(db: Sql, userId: number, idleMs: number): Promise<void> {
  await execute(
    db,
    'DELETE FROM admin_session WHERE user_id = $1 AND (expires_at <= now() OR last_seen_at <= now() - $2::interval)',
    [userId, milliseconds(idleMs)],
  );
}

export async function insertSession(db: Sql, session: NewSession): Promise<void> {
  await execute(db, 'UPDATE admin_user SET last_login_at = now() WHERE id = $1', [session.userId]);
  await execute(
    db,
    `INSERT INTO admin_session (token_hash, user_id, expires_at, ip, user_agent)
     VALUES ($1, $2, now() + $3::interval, $4, $5)`,
    [session.tokenHash, session.userId, milliseconds(session.lifetimeMs), session.ip, session.userAgent],
  );
}

/** The live session of a token: one that has not expired and was used within `idleMs`; `touchMs` decides `stale`. */
export function findSession(
  db: Sql,
  tokenHash: string,
  touchMs: number,
  idleMs: number,
): Promise<SessionRow | undefined> {
  return queryOne<SessionRow>(
    db,
    `SELECT s.user_id, u.email, u.role, s.last_seen_at < now() - $2::interval AS stale,
       (u.totp_secret IS NULL AND coalesce(p.two_step_required, false)) AS setup_required
     FROM admin_session s JOIN admin_user u ON u.id = s.user_id AND u.disabled_at IS NULL
     LEFT JOIN role_policy p ON p.role = u.role
     WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > now() - $3::interval`,
    [tokenHash, milliseconds(touchMs), milliseconds(idleMs)],
  );
}

export async function touchSession(db: Sql, tokenHash: string): Promise<void> {
  await execute(db, 'UPDATE admin_session SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
}

export async function deleteSession(db: Sql, tokenHash: string): Promise<void> {
  await execute(db, 'DELETE FROM admin_session WHERE token_hash = $1', [tokenHash]);
}

/** Ends every session of the user; answers how many there were. */
export function deleteUserSessions(db: Sql, userId: number): Promise<number> {
  return execute(db, 'DELETE FROM admin_session WHERE user_id = $1', [userId]);
}

/** Ends the lockouts of an administrator: failed logins to the account (from any address), failed password changes. */
export async function deleteAccountLimits(
  db: Sql,
  keys: { loginAccountPrefix: string; passwordChange: string },
): Promise<void> {
  await execute(db, 'DELETE FROM rate_limit WHERE left(key, length($1)) = $1 OR key = $2', [
    keys.loginAccountPrefix,
    keys.passwordChange,
  ]);
}
