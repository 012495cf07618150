import { createHmac } from 'node:crypto';
import type { NotifyChannel } from '@site/shared-types';
import nodemailer from 'nodemailer';
import { errorText } from '../../core/error-text.js';
import type { LeadPayload } from './lead-notify.queries.js';

/**
 * Sending a lead on each channel (docs/behaviour.md#lead-notifications). The senders never throw: every outcome is
 * an answer for the outbox to record (`ok` false: try again later).
 */
export interface DeliveryAnswer {
  ok: boolean;
  /**
   * What the screen shows: the server's own words (an SMTP reply, the robot's JSON), or why none came; at most
   * `ANSWER_MAX` characters.
   */
  answer: string;
  /** What went wrong as the library tells it, for the server's log only (never the screen). */
  detail?: string;
}

export const ANSWER_MAX = 500;

/** The mail channel's saved settings, secret included. */
export interface EmailChannel {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
  to: string[];
}

/** A robot's saved settings: its address (holding its key) and DingTalk's optional 加签 secret. */
export interface RobotChannel {
  url: string;
  secret: string;
}

/** What a lead says, the same on every channel; plain text, so nothing a visitor typed is rendered as markup. */
export interface LeadNotice {
  subject: string;
  text: string;
  /** The visitor's address, for 回复 in a mail client. */
  replyTo: string | null;
}

/** The robots' own addresses; others only when the server's configuration lists their origin. */
export const ROBOT_ADDRESSES: Record<Exclude<NotifyChannel, 'email'>, { prefix: string; example: string }> = {
  wecom: {
    prefix: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=',
    example: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…',
  },
  dingtalk: {
    prefix: 'https://oapi.dingtalk.com/robot/send?access_token=',
    example: 'https://oapi.dingtalk.com/robot/send?access_token=…',
  },
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const clip = (text: string) => (text.length > ANSWER_MAX ? `${text.slice(0, ANSWER_MAX - 1)}…` : text);

/** The notice of a lead; `adminUrl`: where 留言管理 is, when the site's address is known. */
export function leadNotice(lead: LeadPayload, adminUrl: string | null): LeadNotice {
  const lines = [
    '网站收到一条新留言：',
    '',
    `姓名：${lead.name}`,
    `电话：${lead.phone}`,
    ...(lead.email ? [`邮箱：${lead.email}`] : []),
    ...(lead.address ? [`地址：${lead.address}`] : []),
    `留言内容：${lead.content}`,
    '',
    ...(lead.page ? [`来源页面：${lead.page}`] : []),
    `留言时间：${lead.time}（北京时间）`,
    ...(adminUrl ? [`在管理后台查看：${adminUrl}`] : []),
  ];
  return {
    subject: oneLine(`网站新留言：${lead.name} ${lead.phone}`),
    text: lines.join('\n'),
    replyTo: lead.email || null,
  };
}

/**
 * The text when it is an SMTP reply (RFC 5321 4.2: every line a code 2xx to 5xx, then a space, a hyphen or
 * nothing), `null` otherwise. Only such text of a mail server is ever shown: the server may be any host and port
 * the administrator typed, and another service's words (a database's greeting, an internal page) must not come
 * back through the screen.
 */
export function smtpReply(text: string): string | null {
  const reply = text.trim();
  return reply !== '' && reply.split(/\r?\n/).every((line) => /^[2-5]\d\d([ -]|$)/.test(line)) ? reply : null;
}

/** The time, for holding a failed mail attempt (a test's own clock in its place). */
export interface Clock {
  now(): number;
  /** Answers at `time` (as `now()` tells it), at once when it is past. */
  until(time: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  until: (time) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - Date.now()))),
};

/**
 * What an attempt that never heard an SMTP reply answers, the same whether the connection was refused, nothing
 * answered or something else did; with a hint drawn from the saved settings alone (a port that usually goes with
 * the other SSL choice), never from what happened, so that the answer tells nothing about the host and port.
 */
export function notReached(channel: Pick<EmailChannel, 'port' | 'secure'>): string {
  const hint =
    channel.secure && channel.port !== 465
      ? '465 端口使用 SSL；25 或 587 端口请关闭 SSL（服务器支持时会自动改用 STARTTLS）'
      : !channel.secure && channel.port === 465
        ? '465 端口使用 SSL，请打开 SSL/TLS'
        : '请检查服务器地址、端口和 SSL 设置';
  return `没有连上 SMTP 邮件服务器（对方拒绝连接、没有应答，或不是 SMTP 邮件服务器）。${hint}`;
}

/**
 * Sends the notice by mail; the answer is the server's last reply (`250 …`). An attempt that fails before the
 * server's first line was an SMTP reply answers `notReached` exactly `timeoutMs` after it began, whatever
 * happened: a closed port, a silent one and another service look alike, in words and in time. Reaching the
 * server's greeting (the name's lookup, connecting, TLS) is given nine tenths of `timeoutMs`, so that its own
 * time-out also ends before that moment.
 */
export async function sendMail(
  channel: EmailChannel,
  notice: LeadNotice,
  timeoutMs: number,
  clock: Clock = systemClock,
): Promise<DeliveryAnswer> {
  const began = clock.now();
  const setupMs = Math.floor(timeoutMs * 0.9);
  let firstLine: string | null = null;
  const transport = nodemailer.createTransport({
    host: channel.host,
    port: channel.port,
    secure: channel.secure,
    auth: channel.user ? { user: channel.user, pass: channel.password } : undefined,
    connectionTimeout: setupMs,
    greetingTimeout: setupMs,
    socketTimeout: timeoutMs,
    // The server's lines, only to tell whether it speaks SMTP; nothing is written anywhere.
    transactionLog: true,
    logger: serverLines((line) => (firstLine ??= line)),
  });
  try {
    const info = await transport.sendMail({
      from: channel.from || channel.user,
      to: channel.to,
      replyTo: notice.replyTo ?? undefined,
      subject: notice.subject,
      text: notice.text,
    });
    return { ok: true, answer: clip(smtpReply(String(info.response ?? '')) ?? '已发送') };
  } catch (error) {
    const detail = clip(oneLine(errorText(error)));
    if (firstLine === null || smtpReply(firstLine) === null) {
      await clock.until(began + timeoutMs);
      return { ok: false, answer: notReached(channel), detail };
    }
    return { ok: false, answer: clip(mailFailure(error, timeoutMs)), detail };
  } finally {
    transport.close();
  }
}

/** A logger for nodemailer that hands over each line the server sent (`transactionLog`) and drops the rest. */
function serverLines(take: (line: string) => void) {
  const drop = () => undefined;
  return {
    trace: drop,
    info: drop,
    warn: drop,
    error: drop,
    fatal: drop,
    debug: (entry: unknown, message: unknown) => {
      if ((entry as { tnx?: unknown } | null)?.tnx === 'server' && typeof message === 'string') take(message);
    },
  };
}

/** Why a mail server, one that answered as one, did not take the notice; its own words only when they are SMTP. */
function mailFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return '无法发送邮件';
  const { code, response } = error as { code?: string; response?: unknown };
  if (response !== undefined) {
    const reply = typeof response === 'string' ? smtpReply(response) : null;
    if (!reply) return '邮件服务器的应答不是 SMTP 应答';
    return code === 'EAUTH' ? `邮箱登录失败，请检查账号和密码：${reply}` : `邮件服务器拒绝：${reply}`;
  }
  // Without a reply the message is the library's or the system's own (no text of the server's in it).
  if (code === 'ETIMEDOUT') return `邮件服务器没有在 ${timeoutMs / 1000} 秒内应答`;
  if (code === 'EAUTH') return `邮箱登录失败，请检查账号和密码：${error.message}`;
  if (code === 'ETLS') return `与邮件服务器的加密连接（STARTTLS）没有建立：${error.message}`;
  return `无法发送邮件：${error.message}`;
}

/**
 * Posts the notice to a group robot as a text message (WeCom: `{msgtype: 'text', text: {content}}`, DingTalk the
 * same shape, signed with `timestamp` and `sign` when a 加签 secret is set). Both answer `{errcode: 0}` when they took it.
 */
export async function sendRobot(
  kind: Exclude<NotifyChannel, 'email'>,
  channel: RobotChannel,
  notice: LeadNotice,
  timeoutMs: number,
): Promise<DeliveryAnswer> {
  const address = new URL(channel.url);
  if (kind === 'dingtalk' && channel.secret) {
    const timestamp = String(Date.now());
    const sign = createHmac('sha256', channel.secret).update(`${timestamp}\n${channel.secret}`).digest('base64');
    address.searchParams.set('timestamp', timestamp);
    address.searchParams.set('sign', sign);
  }
  const content = `【${notice.subject}】\n${notice.text}`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(address, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ msgtype: 'text', text: { content } }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      answer: timedOut ? `机器人没有在 ${timeoutMs / 1000} 秒内应答` : `无法连接机器人：${errorText(error)}`,
    };
  }
  let errcode: unknown;
  try {
    errcode = (JSON.parse(text) as { errcode?: unknown }).errcode;
  } catch {
    // not JSON: not taken
  }
  const ok = response.ok && errcode === 0;
  return { ok, answer: clip(`HTTP ${response.status} ${text.trim()}`) };
}
