import {
  EMAIL_PATTERN,
  NOTIFY_CHANNEL_LABELS,
  type EmailSettingsInput,
  type EmailSettingsView,
  type NotifyChannel,
  type RobotSettingsInput,
  type RobotSettingsView,
} from '@site/shared-types';
import { ROBOT_ADDRESSES, type EmailChannel, type RobotChannel } from './lead-channels.js';
import type { ChannelRow } from './lead-notify.queries.js';

/**
 * The channels' settings (docs/behaviour.md#lead-notifications): read from their rows, shown without secrets, saved
 * from the screen's form (an empty secret keeps the saved one), and checked before a channel is turned on.
 */

type Robot = Exclude<NotifyChannel, 'email'>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function emailChannel(row: ChannelRow | undefined): EmailChannel {
  const s = row?.settings ?? {};
  return {
    host: text(s.host),
    port: typeof s.port === 'number' ? s.port : 465,
    secure: typeof s.secure === 'boolean' ? s.secure : true,
    user: text(s.user),
    password: text(s.password),
    from: text(s.from),
    to: Array.isArray(s.to) ? s.to.filter((v): v is string => typeof v === 'string') : [],
  };
}

export function robotChannel(row: ChannelRow | undefined): RobotChannel {
  return { url: text(row?.settings.url), secret: text(row?.settings.secret) };
}

export function emailView(row: ChannelRow | undefined): EmailSettingsView {
  const { password, ...shown } = emailChannel(row);
  return { enabled: row?.enabled ?? false, ...shown, password_set: password !== '' };
}

export function robotView(row: ChannelRow | undefined): RobotSettingsView {
  const { url, secret } = robotChannel(row);
  return {
    enabled: row?.enabled ?? false,
    url_set: url !== '',
    // The key is the secret: only its last four characters are shown, to tell two robots apart.
    url_hint: url ? `…${url.slice(-4)}` : '',
    secret_set: secret !== '',
  };
}

/** Thrown with the Chinese text the administrator reads. */
export class SettingsError extends Error {}

/** The mail settings to save; refuses an enabled channel that could not send. */
export function mergeEmail(saved: ChannelRow | undefined, input: EmailSettingsInput): ChannelRow {
  const before = emailChannel(saved);
  const to = [...new Set(input.to.map((address) => address.trim()).filter(Boolean))];
  const settings: EmailChannel = {
    host: input.host,
    port: input.port,
    secure: input.secure,
    user: input.user,
    password: input.password ? input.password : before.password,
    from: input.from,
    to,
  };
  const wrong = to.find((address) => !EMAIL_PATTERN.test(address));
  if (wrong) throw new SettingsError(`收件人邮箱格式不正确：${wrong}`);
  if (settings.from && !EMAIL_PATTERN.test(settings.from)) throw new SettingsError('发件人邮箱格式不正确');
  if (input.enabled) {
    if (!settings.host) throw new SettingsError('请填写 SMTP 服务器');
    if (to.length === 0) throw new SettingsError('请至少填写一个收件人邮箱');
    if (!settings.from && !EMAIL_PATTERN.test(settings.user)) {
      throw new SettingsError('请填写发件人邮箱（邮箱账号不是邮箱地址时必填）');
    }
    if (settings.user && !settings.password) throw new SettingsError('请填写邮箱密码或授权码');
  }
  return { channel: 'email', enabled: input.enabled, settings: { ...settings } };
}

/**
 * A robot's settings to save. Its address must be the robot service's own (or of an origin the server's
 * configuration allows), so the setting cannot make the server post elsewhere.
 */
export function mergeRobot(
  kind: Robot,
  saved: ChannelRow | undefined,
  input: RobotSettingsInput,
  allowedOrigins: readonly string[],
): ChannelRow {
  const before = robotChannel(saved);
  const url = input.url ? input.url : before.url;
  const secret = input.secret ? input.secret : before.secret;
  const label = NOTIFY_CHANNEL_LABELS[kind];
  if (input.url && !robotAddressAllowed(kind, input.url, allowedOrigins)) {
    throw new SettingsError(`${label}地址应形如 ${ROBOT_ADDRESSES[kind].example}`);
  }
  if (input.enabled && !url) throw new SettingsError(`请填写${label}地址`);
  return { channel: kind, enabled: input.enabled, settings: kind === 'dingtalk' ? { url, secret } : { url } };
}

export function robotAddressAllowed(kind: Robot, address: string, allowedOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const own = ROBOT_ADDRESSES[kind].prefix;
  if (address.startsWith(own) && address.length > own.length) return true;
  return ['http:', 'https:'].includes(url.protocol) && allowedOrigins.includes(url.origin);
}
