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
  /** The server's own words (SMTP reply, the robot's JSON), or why none came; at most `ANSWER_MAX` characters. */
  answer: string;
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

/** Sends the notice by mail; the answer is the server's last reply (`250 …`). */
export async function sendMail(channel: EmailChannel, notice: LeadNotice, timeoutMs: number): Promise<DeliveryAnswer> {
  const transport = nodemailer.createTransport({
    host: channel.host,
    port: channel.port,
    secure: channel.secure,
    auth: channel.user ? { user: channel.user, pass: channel.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const info = await transport.sendMail({
      from: channel.from || channel.user,
      to: channel.to,
      replyTo: notice.replyTo ?? undefined,
      subject: notice.subject,
      text: notice.text,
    });
    return { ok: true, answer: clip(String(info.response ?? '已发送')) };
  } catch (error) {
    return { ok: false, answer: clip(mailFailure(error)) };
  } finally {
    transport.close();
  }
}

function mailFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, response } = error as { code?: string; response?: string };
  if (response) return `邮件服务器拒绝：${response}`;
  if (code === 'ETIMEDOUT') return `邮件服务器没有及时应答：${error.message}`;
  if (code === 'EAUTH') return `邮箱登录失败，请检查账号和密码：${error.message}`;
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
