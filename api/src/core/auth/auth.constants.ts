import { TWO_STEP_NEEDED } from '@site/shared-types';
import type { LimitRule } from '../rate-limit.service.js';

/** A session ends after 2 hours without a call, and 7 days after login in any case. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most once a minute per session. */
export const SESSION_TOUCH_MS = 60 * 1000;

const MINUTE = 60 * 1000;

/** 5 failed logins per account and address within 15 minutes block that pair for 15 minutes, then 30, 60… up to a day. */
export const LOGIN_ACCOUNT_RULE: LimitRule = {
  limit: 5,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
  maxBlockMs: 24 * 60 * MINUTE,
};

/** One address trying many accounts: 20 failures within 15 minutes block the address. */
export const LOGIN_ADDRESS_RULE: LimitRule = {
  limit: 20,
  windowMs: 15 * MINUTE,
  blockMs: 15 * MINUTE,
  maxBlockMs: 24 * 60 * MINUTE,
};

/** Wrong old passwords on the change-password form, per administrator. */
export const PASSWORD_CHANGE_RULE: LimitRule = LOGIN_ACCOUNT_RULE;

/**
 * Rate-limit keys: an account's logins from one address, an administrator's change-password tries, and the codes
 * typed on an account's own two-step screens.
 */
export const LIMIT_KEYS = {
  loginAccountPrefix: (email: string) => `login:account:${email}|`,
  loginAccount: (email: string, ip: string) => `${LIMIT_KEYS.loginAccountPrefix(email)}${ip}`,
  loginAddress: (ip: string) => `login:address:${ip}`,
  passwordChange: (userId: number) => `password:${userId}`,
  twoStepCodes: (userId: number) => `twostep:${userId}`,
};

export const MSG = {
  badCredentials: '邮箱或密码错误',
  disabled: '该账号已停用，请联系网站管理员',
  tooManyLogins: (wait: string) => `登录失败次数过多，请 ${wait}后再试`,
  loggedIn: '登录成功',
  loggedOut: '退出成功！',
  wrongOldPassword: '原密码错误',
  sameAsOld: '新密码不能与原密码相同',
  mismatch: '两次输入的密码不一致',
  passwordChanged: '修改成功，请重新登陆！',
  tooManyPasswordTries: (wait: string) => `原密码错误次数过多，请 ${wait}后再试`,
  twoStepNeeded: TWO_STEP_NEEDED,
  wrongTwoStepCode: '两步验证码错误',
  usedTwoStepCode: '该验证码已使用过，请等待验证器显示下一个验证码',
} as const;
