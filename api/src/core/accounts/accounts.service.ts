import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  INVITATION_HOURS,
  ROLE_NAMES,
  roleMay,
  type AccountSelf,
  type AccountsOverview,
  type AssignableRole,
  type InvitationInfo,
  type InviteRequest,
  type InviteResult,
  type LoginData,
} from '@site/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { failure } from '../api.exception.js';
import { deleteUserSessions } from '../auth/auth.queries.js';
import { type AdminIdentity, AuthService, tokenHash } from '../auth/auth.service.js';
import { hashPassword } from '../auth/password.js';
import type { ClientInfo } from '../client-info.js';
import { originSettings, publicOrigin, type OriginSettings } from '../public-origin.js';
import { ACCOUNT_MSG, invitationMail } from './accounts.messages.js';
import {
  cancelInvitation,
  cancelPendingInvitations,
  countPendingReviews,
  countReturnedItems,
  emailHasAccount,
  findAccountState,
  findOpenInvitation,
  findSelf,
  insertAccount,
  insertInvitation,
  listAccounts,
  listOpenInvitations,
  listTwoStepRoles,
  lockAccounts,
  markInvitationAccepted,
  setDisabled,
  updateRole,
  type AccountState,
} from './accounts.queries.js';
import { InvitationMail } from './invitation-mail.js';
import { auditActor, auditNote } from '../audit/audit-context.js';

/**
 * How long the invite call waits for the mail server: the administrator has the link to copy either way, so a slow
 * or unreachable server does not hold the screen for the whole mail timeout. A mail still under way then may arrive
 * later; the answer says it was not (yet) sent.
 */
export const INVITATION_MAIL_WAIT_MS = 5_000;

async function withinInvitationWait(sending: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), INVITATION_MAIL_WAIT_MS);
  });
  try {
    return await Promise.race([sending.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL's unique_violation: two invitations of one e-mail at once, or an account made meanwhile. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  return code === UNIQUE_VIOLATION || driverError?.code === UNIQUE_VIOLATION;
}

/**
 * 账号管理 (docs/behaviour.md#accounts-and-roles): the accounts and their roles, invitations by link, disabling,
 * handing the ownership over, and who is signed in. Every change that takes power away ends the account's sessions
 * in its own transaction; each request reads its session and role from the database, so every server sees it at once.
 */
@Injectable()
export class AccountsService {
  private readonly origins: OriginSettings;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly auth: AuthService,
    private readonly mail: InvitationMail,
  ) {
    this.origins = originSettings(config);
  }

  async me(identity: AdminIdentity): Promise<AccountSelf> {
    const self = await findSelf(this.db, identity.userId);
    if (!self) throw failure(ACCOUNT_MSG.accountGone);
    const reviewCount = roleMay(self.role, 'edit')
      ? await countPendingReviews(this.db)
      : await countReturnedItems(this.db, self.id);
    return { ...self, review_count: reviewCount };
  }

  async overview(): Promise<AccountsOverview> {
    return {
      accounts: await listAccounts(this.db),
      invitations: await listOpenInvitations(this.db),
      two_step_roles: await listTwoStepRoles(this.db),
    };
  }

  /**
   * Invites a person: a new link (32 random bytes, only its SHA-256 kept) for `INVITATION_HOURS`, replacing any
   * earlier invitation of the same e-mail. The link is always answered; it is also mailed when mail can be sent.
   */
  async invite(actor: AdminIdentity, input: InviteRequest, req: IncomingMessage): Promise<InviteResult> {
    const token = randomBytes(32).toString('base64url');
    let id: number;
    try {
      id = await this.db.transaction(async (manager) => {
        if (await emailHasAccount(manager, input.email)) throw failure(ACCOUNT_MSG.emailHasAccount);
        await cancelPendingInvitations(manager, input.email);
        const made = await insertInvitation(manager, {
          tokenHash: tokenHash(token),
          email: input.email,
          name: input.name,
          role: input.role,
          invitedBy: actor.userId,
          hours: INVITATION_HOURS,
        });
        auditNote({ itemKind: 'invitation', itemId: made, title: input.email });
        return made;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw failure(ACCOUNT_MSG.invitedConcurrently);
      throw error;
    }
    const origin = publicOrigin(req, this.origins);
    const link = `${origin}/admin/invite?token=${token}`;
    const inviter = await findSelf(this.db, actor.userId);
    const letter = invitationMail({
      inviter: inviter?.name || actor.email,
      site: new URL(origin).host,
      role: ROLE_NAMES[input.role],
      link,
      hours: INVITATION_HOURS,
    });
    const mailed = await withinInvitationWait(this.mail.send(input.email, letter.subject, letter.text));
    return { id, link, mailed };
  }

  async cancelInvitation(id: number): Promise<void> {
    if ((await cancelInvitation(this.db, id)) === 0) throw failure(ACCOUNT_MSG.invitationGone);
  }

  async invitation(token: string): Promise<InvitationInfo> {
    const open = await findOpenInvitation(this.db, tokenHash(token));
    if (!open) throw failure(ACCOUNT_MSG.invitationInvalid);
    return { email: open.email, name: open.name, role: open.role };
  }

  /**
   * Makes the invited account with the invited role and signs it in, in one transaction that also marks the
   * invitation accepted: a link works once.
   */
  async accept(token: string, name: string, passwordMd5: string, client: ClientInfo): Promise<LoginData> {
    const passwordHash = await hashPassword(passwordMd5);
    try {
      return await this.db.transaction(async (manager) => {
        const open = await findOpenInvitation(manager, tokenHash(token), true);
        if (!open) throw failure(ACCOUNT_MSG.invitationInvalid);
        if (await emailHasAccount(manager, open.email)) throw failure(ACCOUNT_MSG.emailHasAccountSignIn);
        const userId = await insertAccount(manager, { email: open.email, name, role: open.role, passwordHash });
        await markInvitationAccepted(manager, open.id);
        auditActor(userId, open.email);
        auditNote({ itemKind: 'account', itemId: userId, title: name || open.email });
        return this.auth.openSession(manager, userId, client);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw failure(ACCOUNT_MSG.emailHasAccountSignIn);
      throw error;
    }
  }

  /** Gives an account another role; its sessions end (it signs in again with the new role's screens). */
  async changeRole(actor: AdminIdentity, id: number, role: AssignableRole): Promise<void> {
    await this.db.transaction(async (manager) => {
      const target = await this.lockTarget(manager, id);
      if (target.id === actor.userId) throw failure(ACCOUNT_MSG.ownRole);
      if (target.role === 'owner') throw failure(ACCOUNT_MSG.ownerRole);
      this.mayManage(actor, target);
      if (target.role === role) return;
      await updateRole(manager, id, role);
      await deleteUserSessions(manager, id);
    });
    this.auth.sessionsEnded();
  }

  /** Disables an account and ends its sessions in the same transaction: its token stops working at once. */
  async disable(actor: AdminIdentity, id: number): Promise<void> {
    await this.db.transaction(async (manager) => {
      const target = await this.lockTarget(manager, id);
      if (target.id === actor.userId) throw failure(ACCOUNT_MSG.disableSelf);
      if (target.role === 'owner') throw failure(ACCOUNT_MSG.disableOwner);
      this.mayManage(actor, target);
      await setDisabled(manager, id, true);
      await deleteUserSessions(manager, id);
    });
    this.auth.sessionsEnded();
  }

  async enable(actor: AdminIdentity, id: number): Promise<void> {
    await this.db.transaction(async (manager) => {
      const target = await this.lockTarget(manager, id);
      this.mayManage(actor, target);
      await setDisabled(manager, id, false);
    });
  }

  /**
   * The owner hands the ownership to another enabled account, which becomes the owner; the owner becomes an
   * administrator. Both rows are locked, the owner is demoted first and the other promoted after, so the one-owner
   * index holds at every statement. Sessions go on: each request reads the role anew.
   */
  async transferOwnership(actor: AdminIdentity, id: number): Promise<void> {
    if (id === actor.userId) throw failure(ACCOUNT_MSG.transferSelf);
    await this.db.transaction(async (manager) => {
      const rows = await lockAccounts(manager, [actor.userId, id]);
      const owner = rows.find((row) => row.id === actor.userId);
      const target = rows.find((row) => row.id === id);
      if (owner?.role !== 'owner') throw failure(ACCOUNT_MSG.notOwner);
      if (!target) throw failure(ACCOUNT_MSG.accountGone);
      if (target.disabled) throw failure(ACCOUNT_MSG.transferDisabled);
      await updateRole(manager, owner.id, 'admin');
      await updateRole(manager, target.id, 'owner');
    });
  }

  private async lockTarget(manager: EntityManager, id: number): Promise<AccountState> {
    const target = await findAccountState(manager, id, true);
    if (!target) throw failure(ACCOUNT_MSG.accountGone);
    return target;
  }

  /** Administrators manage editors and contributors; only the owner manages administrators. */
  private mayManage(actor: AdminIdentity, target: AccountState): void {
    if (target.role === 'admin' && actor.role !== 'owner') throw failure(ACCOUNT_MSG.adminByOwnerOnly);
  }
}
