import type { AccountRow, AssignableRole, InvitationInfo, InvitationRow, Role } from '@site/shared-types';
import { execute, insertReturningId, milliseconds, query, queryCount, queryOne, type Sql } from '../sql.js';

/** A moment as every back-office screen shows it: Beijing time `yyyy-MM-dd HH:mm:ss`, '' when there is none. */
const BEIJING = (column: string) =>
  `coalesce(to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS'), '')`;

/** An invitation that can still be accepted (`prefix`: the table's alias with its dot). */
const openInvitation = (prefix = '') =>
  `${prefix}accepted_at IS NULL AND ${prefix}cancelled_at IS NULL AND ${prefix}expires_at > now()`;

/** An account as the rules of 账号管理 need it. */
export interface AccountState {
  id: number;
  email: string;
  role: Role;
  disabled: boolean;
}

/** Who is signed in, before the review count. */
export interface SelfRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  two_step: boolean;
  two_step_setup_required: boolean;
}

/** A live session of the account as 登录设备 lists it, before its user agent is described. */
export interface SessionListRow {
  id: string;
  user_agent: string;
  ip: string;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

/** Every account, the owner first, then in the order they were made. */
export function listAccounts(db: Sql): Promise<AccountRow[]> {
  return query<AccountRow>(
    db,
    `SELECT id, email, name, role, ${BEIJING('last_login_at')} AS last_login_at, totp_secret IS NOT NULL AS two_step,
       disabled_at IS NOT NULL AS disabled, ${BEIJING('created_at')} AS created_at
     FROM admin_user ORDER BY role = 'owner' DESC, id`,
  );
}

/** The invitations that can still be accepted, newest first, with who sent them (name, else e-mail). */
export function listOpenInvitations(db: Sql): Promise<InvitationRow[]> {
  return query<InvitationRow>(
    db,
    `SELECT i.id, i.email, i.name, i.role, coalesce(nullif(u.name, ''), u.email, '') AS invited_by,
       ${BEIJING('i.expires_at')} AS expires_at
     FROM admin_invitation i LEFT JOIN admin_user u ON u.id = i.invited_by
     WHERE ${openInvitation('i.')} ORDER BY i.id DESC`,
  );
}

/** The roles whose accounts must use two-step sign-in. */
export async function listTwoStepRoles(db: Sql): Promise<Role[]> {
  const rows = await query<{ role: Role }>(db, 'SELECT role FROM role_policy WHERE two_step_required ORDER BY role');
  return rows.map((row) => row.role);
}

/** `forUpdate`: locked until the transaction ends (a change of the account). */
export function findAccountState(db: Sql, id: number, forUpdate = false): Promise<AccountState | undefined> {
  return queryOne<AccountState>(
    db,
    `SELECT id, email, role, disabled_at IS NOT NULL AS disabled FROM admin_user WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
}

/** Locks the accounts (in the order of their ids, so two transfers never wait on each other) and answers them. */
export function lockAccounts(db: Sql, ids: number[]): Promise<AccountState[]> {
  return query<AccountState>(
    db,
    `SELECT id, email, role, disabled_at IS NOT NULL AS disabled FROM admin_user WHERE id = ANY($1::int[])
     ORDER BY id FOR UPDATE`,
    [ids],
  );
}

export async function emailHasAccount(db: Sql, email: string): Promise<boolean> {
  return (await queryCount(db, 'SELECT count(*)::int AS n FROM admin_user WHERE email = $1', [email])) > 0;
}

/** Cancels the e-mail's invitations not accepted yet (a new one replaces them); answers how many there were. */
export function cancelPendingInvitations(db: Sql, email: string): Promise<number> {
  return execute(
    db,
    `UPDATE admin_invitation SET cancelled_at = now() WHERE email = $1 AND accepted_at IS NULL AND cancelled_at IS NULL`,
    [email],
  );
}

export interface NewInvitation {
  tokenHash: string;
  email: string;
  name: string;
  role: AssignableRole;
  invitedBy: number;
  hours: number;
}

export function insertInvitation(db: Sql, invitation: NewInvitation): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO admin_invitation (token_hash, email, name, role, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6)) RETURNING id`,
    [invitation.tokenHash, invitation.email, invitation.name, invitation.role, invitation.invitedBy, invitation.hours],
  );
}

/** Cancels an invitation not accepted yet; answers 0 when there is none such. */
export function cancelInvitation(db: Sql, id: number): Promise<number> {
  return execute(
    db,
    `UPDATE admin_invitation SET cancelled_at = now() WHERE id = $1 AND accepted_at IS NULL AND cancelled_at IS NULL`,
    [id],
  );
}

/**
 * The open invitation of a token's hash; `forUpdate` locks it, and a concurrent accept that committed first leaves
 * it no longer open (PostgreSQL checks the condition again on the row it waited for), so it is accepted once.
 */
export function findOpenInvitation(
  db: Sql,
  tokenHash: string,
  forUpdate = false,
): Promise<(InvitationInfo & { id: number }) | undefined> {
  return queryOne<InvitationInfo & { id: number }>(
    db,
    `SELECT id, email, name, role FROM admin_invitation WHERE token_hash = $1 AND ${openInvitation()}${forUpdate ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
}

export async function markInvitationAccepted(db: Sql, id: number): Promise<void> {
  await execute(db, 'UPDATE admin_invitation SET accepted_at = now() WHERE id = $1', [id]);
}

export function insertAccount(
  db: Sql,
  account: { email: string; name: string; role: AssignableRole; passwordHash: string },
): Promise<number> {
  return insertReturningId(
    db,
    'INSERT INTO admin_user (email, name, role, password_hash) VALUES ($1, $2, $3, $4) RETURNING id',
    [account.email, account.name, account.role, account.passwordHash],
  );
}

export async function updateRole(db: Sql, id: number, role: Role): Promise<void> {
  await execute(db, 'UPDATE admin_user SET role = $2 WHERE id = $1', [id, role]);
}

export async function setDisabled(db: Sql, id: number, disabled: boolean): Promise<void> {
  await execute(
    db,
    `UPDATE admin_user SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) END WHERE id = $1`,
    [id, disabled],
  );
}

export function findSelf(db: Sql, id: number): Promise<SelfRow | undefined> {
  return queryOne<SelfRow>(
    db,
    `SELECT u.id, u.email, u.name, u.role, u.totp_secret IS NOT NULL AS two_step,
       (u.totp_secret IS NULL AND coalesce(p.two_step_required, false)) AS two_step_setup_required
     FROM admin_user u LEFT JOIN role_policy p ON p.role = u.role WHERE u.id = $1`,
    [id],
  );
}

/** Cases and articles waiting for review (not in the recycle bin). */
export function countPendingReviews(db: Sql): Promise<number> {
  return queryCount(
    db,
    `SELECT ((SELECT count(*) FROM "case" WHERE review = 'pending' AND deleted_at IS NULL)
       + (SELECT count(*) FROM news WHERE review = 'pending' AND deleted_at IS NULL))::int AS n`,
  );
}

/** The author's cases and articles sent back to them (not in the recycle bin). */
export function countReturnedItems(db: Sql, authorId: number): Promise<number> {
  return queryCount(
    db,
    `SELECT ((SELECT count(*) FROM "case" WHERE review = 'returned' AND author_id = $1 AND deleted_at IS NULL)
       + (SELECT count(*) FROM news WHERE review = 'returned' AND author_id = $1 AND deleted_at IS NULL))::int AS n`,
    [authorId],
  );
}

/** The account's live sessions (not expired, used within `idleMs`), the most recently used first. */
export function listLiveSessions(
  db: Sql,
  userId: number,
  currentTokenHash: string,
  idleMs: number,
): Promise<SessionListRow[]> {
  return query<SessionListRow>(
    db,
    `SELECT id::text AS id, user_agent, ip, ${BEIJING('created_at')} AS created_at,
       ${BEIJING('last_seen_at')} AS last_seen_at, token_hash = $2 AS current
     FROM admin_session
     WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - $3::interval
     ORDER BY last_seen_at DESC, id DESC`,
    [userId, currentTokenHash, milliseconds(idleMs)],
  );
}

/** Ends one live session of the account by its id; answers 0 when it has none such. */
export function deleteOwnSession(db: Sql, userId: number, id: string, idleMs: number): Promise<number> {
  return execute(
    db,
    `DELETE FROM admin_session
     WHERE id = $2::bigint AND user_id = $1 AND expires_at > now() AND last_seen_at > now() - $3::interval`,
    [userId, id, milliseconds(idleMs)],
  );
}
