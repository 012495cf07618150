import { ROLES, type Role } from '@site/shared-types';
import type { EntityManager } from 'typeorm';
import { execute, query, queryOne, type Sql } from '../sql.js';

/** An account's two-step sign-in as stored (docs/behaviour.md#two-step-sign-in). */
export interface TwoStepRow {
  id: number;
  email: string;
  role: Role;
  /** The secret in use; `null` while two-step sign-in is off. */
  secret: string | null;
  /** A secret shown for setting up and not confirmed yet. */
  pending: string | null;
  /** The time step of the last code used: a code is taken only for a later step. */
  last_step: number | null;
  /** The account's role requires two-step sign-in. */
  required: boolean;
}

export function findTwoStep(db: Sql, userId: number): Promise<TwoStepRow | undefined> {
  return queryOne<TwoStepRow>(
    db,
    `SELECT u.id, u.email, u.role, u.totp_secret AS secret, u.totp_pending AS pending,
       u.totp_last_step::float8 AS last_step, coalesce(p.two_step_required, false) AS required
     FROM admin_user u LEFT JOIN role_policy p ON p.role = u.role WHERE u.id = $1`,
    [userId],
  );
}

/** Keeps a new secret to be confirmed (one shown before and not confirmed is replaced). */
export async function setPendingSecret(db: Sql, userId: number, secret: string): Promise<void> {
  await execute(db, 'UPDATE admin_user SET totp_pending = $2 WHERE id = $1', [userId, secret]);
}

/**
 * Puts the confirmed secret in use, with the step of the code that confirmed it as the last one used; answers
 * whether it did (not when the pending secret changed meanwhile, or two-step sign-in is on already).
 */
export async function enableSecret(db: Sql, userId: number, pending: string, step: number): Promise<boolean> {
  const changed = await execute(
    db,
    `UPDATE admin_user SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = $3
     WHERE id = $1 AND totp_pending = $2 AND totp_secret IS NULL`,
    [userId, pending, step],
  );
  return changed === 1;
}

/**
 * Takes a code's time step as used: answers false when a code of this step or a later one was taken already (the
 * same code sent again), or the secret is no longer the one the code was checked against. The row lock makes two
 * sign-ins with one code at once take it only once.
 */
export async function useTotpStep(db: Sql, userId: number, secret: string, step: number): Promise<boolean> {
  const changed = await execute(
    db,
    `UPDATE admin_user SET totp_last_step = $3
     WHERE id = $1 AND totp_secret = $2 AND (totp_last_step IS NULL OR totp_last_step < $3)`,
    [userId, secret, step],
  );
  return changed === 1;
}

/** Marks an unused recovery code used; answers false when the account has no such unused code. */
export async function useRecoveryCode(db: Sql, userId: number, codeHash: string): Promise<boolean> {
  const changed = await execute(
    db,
    'UPDATE admin_recovery_code SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, codeHash],
  );
  return changed === 1;
}

/** The account's recovery codes become these (hashes); the old ones, used or not, are gone. */
export async function replaceRecoveryCodes(manager: EntityManager, userId: number, hashes: string[]): Promise<void> {
  await execute(manager, 'DELETE FROM admin_recovery_code WHERE user_id = $1', [userId]);
  await execute(manager, 'INSERT INTO admin_recovery_code (user_id, code_hash) SELECT $1, unnest($2::char(64)[])', [
    userId,
    hashes,
  ]);
}

/** Turns two-step sign-in off: no secret, none pending, no recovery codes. Answers whether it was on. */
export async function clearTwoStep(manager: EntityManager, userId: number): Promise<boolean> {
  const rows = await query<{ was_on: boolean }>(
    manager,
    `UPDATE admin_user u SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL
     FROM admin_user old WHERE u.id = $1 AND old.id = u.id RETURNING old.totp_secret IS NOT NULL AS was_on`,
    [userId],
  );
  await execute(manager, 'DELETE FROM admin_recovery_code WHERE user_id = $1', [userId]);
  return rows[0]?.was_on === true;
}

/** Writes which roles require two-step sign-in: exactly `roles`, every other role not. */
export async function setTwoStepPolicy(db: Sql, roles: readonly Role[]): Promise<void> {
  await execute(
    db,
    `INSERT INTO role_policy (role, two_step_required) SELECT r, r = ANY($2::varchar[]) FROM unnest($1::varchar[]) r
     ON CONFLICT (role) DO UPDATE SET two_step_required = excluded.two_step_required`,
    [ROLES, roles],
  );
}

/** Ends the lockouts a lost second step may have caused: the account's failed logins and failed codes. */
export async function deleteTwoStepLimits(db: Sql, keys: { loginAccountPrefix: string; codes: string }): Promise<void> {
  await execute(db, 'DELETE FROM rate_limit WHERE left(key, length($1)) = $1 OR key = $2', [
    keys.loginAccountPrefix,
    keys.codes,
  ]);
}
