import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ROLE_NAMES, type RecoveryCodes, type Role, type TwoStepSetup } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { failure } from '../api.exception.js';
import { RateLimitService, waitText } from '../rate-limit.service.js';
import { LIMIT_KEYS, LOGIN_ACCOUNT_RULE, MSG } from './auth.constants.js';
import { deleteUserSessions } from './auth.queries.js';
import { type AdminIdentity, AuthService } from './auth.service.js';
import {
  clearTwoStep,
  deleteTwoStepLimits,
  enableSecret,
  findTwoStep,
  replaceRecoveryCodes,
  setPendingSecret,
  setTwoStepPolicy,
  type TwoStepRow,
} from './two-step.queries.js';
import { spendCode } from './two-step.spend.js';
import { newRecoveryCodes, newTotpSecret, normalizeCode, recoveryCodeHash, totpSetup, totpStep } from './two-step.js';

/** Wrong codes on the account's own two-step screens, per account: counted like failed logins. */
export const TWO_STEP_CODE_RULE = LOGIN_ACCOUNT_RULE;

export const TWO_STEP_MSG = {
  alreadyOn: '两步验证已开启；如需更换手机，请先关闭再重新设置',
  notOn: '两步验证未开启',
  noPending: '请先获取二维码，用验证器扫描后再输入验证码',
  setupChanged: '二维码已更新，请用最新的二维码重新设置',
  tooManyCodes: (wait: string) => `验证码错误次数过多，请 ${wait}后再试`,
  required: (role: Role) => `「${ROLE_NAMES[role]}」角色要求两步验证，不能关闭`,
  noAccount: '账号不存在',
  notSelf: '不能重置自己的两步验证，请在「账号安全」中用验证码关闭',
  notOwner: '所有者的两步验证只能由所有者本人用验证码关闭，或在服务器上运行 npm run admin -- reset-2fa',
  resetNotOn: '该账号未开启两步验证',
  enabled: '两步验证已开启，请妥善保存恢复码',
  disabled: '两步验证已关闭',
  newCodes: '已生成新的恢复码，旧的恢复码已失效',
  policySaved: '保存成功',
  reset: '已重置该账号的两步验证，该账号已退出登录',
} as const;

/**
 * Two-step sign-in of one's own account (setting it up, turning it off, new recovery codes), the roles that
 * require it, and an administrator turning it off for another account (docs/behaviour.md#two-step-sign-in).
 */
@Injectable()
export class TwoStepService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limits: RateLimitService,
    private readonly auth: AuthService,
  ) {}

  /** A new secret to confirm (any earlier unconfirmed one is dropped), as a QR code and as text. */
  async setup(admin: AdminIdentity): Promise<TwoStepSetup> {
    const account = await this.account(admin.userId);
    if (account.secret) throw failure(TWO_STEP_MSG.alreadyOn);
    const secret = newTotpSecret();
    await setPendingSecret(this.db, account.id, secret);
    const { uri, qr } = await totpSetup(secret, account.email);
    return { qr, secret, uri };
  }

  /** Confirms the pending secret with a code from it: two-step sign-in is on, with ten new recovery codes. */
  async enable(admin: AdminIdentity, code: string): Promise<RecoveryCodes> {
    const account = await this.account(admin.userId);
    if (account.secret) throw failure(TWO_STEP_MSG.alreadyOn);
    const pending = account.pending;
    if (!pending) throw failure(TWO_STEP_MSG.noPending);
    await this.reserve(account.id);
    const step = totpStep(pending, normalizeCode(code));
    if (step === null) throw failure(MSG.wrongTwoStepCode);
    const codes = newRecoveryCodes();
    await this.db.transaction(async (manager) => {
      if (!(await enableSecret(manager, account.id, pending, step))) throw failure(TWO_STEP_MSG.setupChanged);
      await replaceRecoveryCodes(manager, account.id, codes.map(recoveryCodeHash));
      await this.limits.reset([LIMIT_KEYS.twoStepCodes(account.id)], manager);
    });
    return { codes };
  }

  /** Turns one's own two-step sign-in off with a code, unless the role requires it. */
  async disable(admin: AdminIdentity, code: string): Promise<void> {
    const account = await this.enabledAccount(admin.userId);
    if (account.required) throw failure(TWO_STEP_MSG.required(account.role));
    await this.reserve(account.id);
    await this.db.transaction(async (manager) => {
      await spendCode(manager, account, code);
      await clearTwoStep(manager, account.id);
      await this.limits.reset([LIMIT_KEYS.twoStepCodes(account.id)], manager);
    });
  }

  /** Ten new recovery codes for a code; the old ones stop working. */
  async newRecoveryCodes(admin: AdminIdentity, code: string): Promise<RecoveryCodes> {
    const account = await this.enabledAccount(admin.userId);
    await this.reserve(account.id);
    const codes = newRecoveryCodes();
    await this.db.transaction(async (manager) => {
      await spendCode(manager, account, code);
      await replaceRecoveryCodes(manager, account.id, codes.map(recoveryCodeHash));
      await this.limits.reset([LIMIT_KEYS.twoStepCodes(account.id)], manager);
    });
    return { codes };
  }

  /** Exactly these roles require two-step sign-in from their accounts' next call on. */
  async setPolicy(roles: readonly Role[]): Promise<void> {
    await setTwoStepPolicy(this.db, roles);
  }

  /**
   * Turns off another account's two-step sign-in (a lost phone): its secret, any pending one and its recovery codes
   * go, its sessions end and its login lockouts are lifted. Not one's own (that takes a code, `disable`), and not the
   * owner's: only the owner turns that off, with a code or a recovery code, or from the server's terminal
   * (`npm run admin -- reset-2fa`), so no other account can weaken the owner's sign-in.
   */
  async reset(admin: AdminIdentity, userId: number): Promise<void> {
    if (userId === admin.userId) throw failure(TWO_STEP_MSG.notSelf);
    const account = await findTwoStep(this.db, userId);
    if (!account) throw failure(TWO_STEP_MSG.noAccount);
    if (account.role === 'owner') throw failure(TWO_STEP_MSG.notOwner);
    if (!account.secret && !account.pending) throw failure(TWO_STEP_MSG.resetNotOn);
    await this.db.transaction(async (manager) => {
      await clearTwoStep(manager, account.id);
      await deleteUserSessions(manager, account.id);
      await deleteTwoStepLimits(manager, {
        loginAccountPrefix: LIMIT_KEYS.loginAccountPrefix(account.email),
        codes: LIMIT_KEYS.twoStepCodes(account.id),
      });
    });
    this.auth.sessionsEnded();
  }

  private async account(userId: number): Promise<TwoStepRow> {
    const account = await findTwoStep(this.db, userId);
    // The guard found the account a moment ago; it was deleted since.
    if (!account) throw failure(TWO_STEP_MSG.noAccount);
    return account;
  }

  private async enabledAccount(userId: number): Promise<TwoStepRow & { secret: string }> {
    const account = await this.account(userId);
    if (!account.secret) throw failure(TWO_STEP_MSG.notOn);
    return { ...account, secret: account.secret };
  }

  /** Counts a code attempt on the account's own screens before it is checked; a right code clears the count. */
  private async reserve(userId: number): Promise<void> {
    const blocked = await this.limits.reserve([[LIMIT_KEYS.twoStepCodes(userId), TWO_STEP_CODE_RULE]]);
    if (blocked > 0) throw failure(TWO_STEP_MSG.tooManyCodes(waitText(blocked)));
  }
}
