import type { Role } from '@site/shared-types';
import { hashPassword } from '../../src/core/auth/password.js';
import { login, md5 } from './admin-session.js';
import type { TestApp } from './test-app.js';

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  role: Role;
}

/** Adds an account with a role straight into the database (the invitation flow has tests of its own). */
export async function createAccount(
  t: TestApp,
  role: Exclude<Role, 'owner'>,
  name: string = role,
): Promise<TestAccount> {
  const email = `${name}-${Math.random().toString(36).slice(2, 8)}@yunfan.example.com`;
  const password = `Team-${role}-2026!`;
  const [row] = await t.sql<{ id: number }>(
    'INSERT INTO admin_user (email, password_hash, role, name) VALUES ($1, $2, $3, $4) RETURNING id',
    [email, await hashPassword(md5(password)), role, name],
  );
  return { id: row!.id, email, password, role };
}

/** An account of the role, signed in: its token. */
export async function signedIn(t: TestApp, account: TestAccount): Promise<string> {
  return login(t, account.email, account.password);
}
