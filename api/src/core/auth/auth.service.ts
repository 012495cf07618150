import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LoginData, Role } from '@site/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { failure, invalid } from '../api.exception.js';
import type { ClientInfo } from '../client-info.js';
import { RateLimitService, waitText } from '../rate-limit.service.js';
import { advisoryLock } from '../sql.js';
import {
  LIMIT_KEYS,
  LOGIN_ACCOUNT_RULE,
  LOGIN_ADDRESS_RULE,
  MSG,
  PASSWORD_CHANGE_RULE,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_MS,
} from './auth.constants.js';
import {
  countAdminUsers,
  deleteEndedSessions,
  deleteSession,
  deleteUserSessions,
  findAdminByEmail,
  findAdminById,
  findSession,
  insertAdminUser,
  insertSession,
  touchSession,
  updatePasswordHash,
} from './auth.queries.js';
import { generatePassword, hashPassword, md5Hex, verifyAgainstNothing, verifyPassword } from './password.js';
import { findTwoStep } from './two-step.queries.js';
import { spendCode } from './two-step.spend.js';

/** The account behind a request's token (docs/behaviour.md#accounts-and-roles). */
export interface AdminIdentity {
  userId: number;
  email: string;
  role: Role;
  tokenHash: string;
  /** The role requires two-step sign-in and the account has not set it up yet. */
  twoStepSetupRequired: boolean;
}

/** A token as `login` makes them: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** How long a token found live is taken as live without asking the database again (`isLiveSession`). */
const LIVE_MEMO_MS = 10_000;
/** Tokens remembered either way; the memory is emptied when it holds this many. */
const MEMO_SIZE = 4096;

/** Serialises the creation of the first administrator across instances starting together. */
const FIRST_ADMIN_LOCK = 7_310_002;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger('Auth');
  /** Hashes of tokens found live, with when it was asked; and of tokens found dead. */
  private readonly live = new Map<string, number>();
  private readonly dead = new Set<string>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The first start creates the administrator from ADMIN_EMAIL/ADMIN_PASSWORD, or prints a generated password once. */
  async onModuleInit(): Promise<void> {
    const created = await this.db.transaction(async (manager) => {
      await advisoryLock(manager, FIRST_ADMIN_LOCK);
      if ((await countAdminUsers(manager)) > 0) return null;
      const password = this.config.admin.password ?? generatePassword();
      await insertAdminUser(manager, this.config.admin.email, await hashPassword(md5Hex(password)));
      return { generated: this.config.admin.password === null, password };
    });
    if (!created) return;
    if (created.generated) {
      this.logger.warn(
        `Administrator created: ${this.config.admin.email} with the generated password ${created.password} ` +
          '(shown only this once; change it under 修改密码 after logging in at /admin/)',
      );
    } else {
      this.logger.log(`Administrator created: ${this.config.admin.email} (password from ADMIN_PASSWORD)`);
    }
  }

  /**
   * Signs in with the password and, for an account with two-step sign-in, a code (docs/behaviour.md#two-step-sign-in):
   * without one such a sign-in is refused with `TWO_STEP_NEEDED`; a wrong one counts as a failed login.
   */
  async login(email: string, passwordMd5: string, client: ClientInfo, code?: string): Promise<LoginData> {
    const accountKey = LIMIT_KEYS.loginAccount(email, client.ip);
    const addressKey = LIMIT_KEYS.loginAddress(client.ip);
    // The attempt is counted before the password is checked: however many come at once, no more than the limit are
    // ever checked. A login that succeeds clears the counts below.
    const blocked = await this.limits.reserve([
      [accountKey, LOGIN_ACCOUNT_RULE],
      [addressKey, LOGIN_ADDRESS_RULE],
    ]);
    if (blocked > 0) throw failure(MSG.tooManyLogins(waitText(blocked)));

    const user = await findAdminByEmail(this.db, email);
    const valid = user
      ? await verifyPassword(user.password_hash, passwordMd5)
      : await verifyAgainstNothing(passwordMd5);
    if (!user || !valid) throw failure(MSG.badCredentials);
    if (user.disabled) throw failure(MSG.disabled);
    // The second step: the attempt was counted above, so a wrong code is a failed login like a wrong password.
    const secret = (await findTwoStep(this.db, user.id))?.secret ?? null;
    const second = secret === null ? null : { id: user.id, secret, code: code ?? '' };
    if (second && !second.code) throw failure(MSG.twoStepNeeded);

    const token = randomBytes(32).toString('base64url');
    // The counters are cleared only by a login that also got its session (one transaction), which also spends the code.
    await this.db.transaction(async (manager) => {
      if (second) await spendCode(manager, second, second.code);
      await this.limits.reset([accountKey, addressKey], manager);
      await deleteEndedSessions(manager, user.id, SESSION_IDLE_MS);
      await insertSession(manager, {
        tokenHash: tokenHash(token),
        userId: user.id,
        lifetimeMs: SESSION_ABSOLUTE_MS,
        ip: client.ip.slice(0, 64),
        userAgent: client.userAgent.slice(0, 300),
      });
    });
    return { token };
  }

  /** The administrator behind a token, or `null` when it is unknown, revoked, idle for too long or too old. */
  async identify(token: string): Promise<AdminIdentity | null> {
    if (!token || token.length > 200) return null;
    const hashed = tokenHash(token);
    const row = await findSession(this.db, hashed, SESSION_TOUCH_MS, SESSION_IDLE_MS);
    if (!row) return null;
    if (row.stale) await touchSession(this.db, hashed);
    return {
      userId: row.user_id,
      email: row.email,
      role: row.role,
      tokenHash: hashed,
      twoStepSetupRequired: row.setup_required,
    };
  }

  /**
   * Whether a token belongs to a live session, cheaply, for a caller that only needs to know (the published-content
   * cache lets only an administrator's request past it): a token of another shape is refused without a hash; one found
   * live is taken as live for ten seconds (less after a logout or a password change in this process); one found dead
   * is remembered as dead, since a session never comes back (a login makes a new random token). The session is not
   * touched. A database that cannot be reached answers no.
   */
  async isLiveSession(token: string): Promise<boolean> {
    if (!TOKEN_SHAPE.test(token)) return false;
    const hashed = tokenHash(token);
    const seen = this.live.get(hashed);
    if (seen !== undefined && Date.now() - seen < LIVE_MEMO_MS) return true;
    if (this.dead.has(hashed)) return false;
    const row = await findSession(this.db, hashed, SESSION_TOUCH_MS, SESSION_IDLE_MS).catch(() => null);
    if (row === null) return false;
    if (!row) {
      this.live.delete(hashed);
      if (this.dead.size >= MEMO_SIZE) this.dead.clear();
      this.dead.add(hashed);
      return false;
    }
    if (this.live.size >= MEMO_SIZE) this.live.clear();
    this.live.set(hashed, Date.now());
    return true;
  }

  async logout(identity: AdminIdentity): Promise<void> {
    await deleteSession(this.db, identity.tokenHash);
    this.live.delete(identity.tokenHash);
  }

  /** Changes the password and ends every session of the administrator (this one included). */
  async changePassword(identity: AdminIdentity, oldMd5: string, newMd5: string, confirmMd5: string): Promise<void> {
    if (newMd5 !== confirmMd5) throw invalid(MSG.mismatch);
    if (newMd5 === oldMd5) throw invalid(MSG.sameAsOld);

    const key = LIMIT_KEYS.passwordChange(identity.userId);
    const blocked = await this.limits.reserve([[key, PASSWORD_CHANGE_RULE]]);
    if (blocked > 0) throw failure(MSG.tooManyPasswordTries(waitText(blocked)));

    const user = await findAdminById(this.db, identity.userId);
    if (!user || !(await verifyPassword(user.password_hash, oldMd5))) throw failure(MSG.wrongOldPassword);
    await this.limits.reset([key]);
    const newHash = await hashPassword(newMd5);
    await this.db.transaction(async (manager) => {
      await updatePasswordHash(manager, identity.userId, newHash);
      await deleteUserSessions(manager, identity.userId);
    });
    // Other processes take up to ten seconds to see the sessions gone (`isLiveSession`); this one, none.
    this.live.clear();
  }

  /**
   * Opens a session for an account that proved itself another way (an accepted invitation), in the caller's
   * transaction: the same token and row a login makes.
   */
  async openSession(manager: EntityManager, userId: number, client: ClientInfo): Promise<LoginData> {
    const token = randomBytes(32).toString('base64url');
    await insertSession(manager, {
      tokenHash: tokenHash(token),
      userId,
      lifetimeMs: SESSION_ABSOLUTE_MS,
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 300),
    });
    return { token };
  }

  /** Sessions ended elsewhere (an account disabled, a role changed, a device signed out): forgotten here at once. */
  sessionsEnded(): void {
    this.live.clear();
  }
}
