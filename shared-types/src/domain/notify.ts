/**
 * New leads sent to the sales team (docs/behaviour.md#lead-notifications): the channels' settings as the back office
 * sees them, and the deliveries. Times: `yyyy-MM-dd HH:mm:ss`, UTC+8. Secrets (the mail password, the robots'
 * addresses and signing secret) are never sent back: only whether they are set.
 */

/** E-mail over SMTP, a WeCom (企业微信) group robot, a DingTalk (钉钉) group robot. */
export type NotifyChannel = 'email' | 'wecom' | 'dingtalk';

export interface EmailSettings {
  enabled: boolean;
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  /** The sender; empty: the user name. */
  from: string;
  /** Recipients, one address per entry. */
  to: string[];
}

export interface EmailSettingsView extends EmailSettings {
  password_set: boolean;
}

/** What is saved: a secret left empty keeps the one saved before. */
export interface EmailSettingsInput extends EmailSettings {
  password?: string;
}

export interface RobotSettingsView {
  enabled: boolean;
  /** The robot's address (it holds its key) is set; `url_hint` shows only its last characters. */
  url_set: boolean;
  url_hint: string;
  /** DingTalk's 加签 secret is set. */
  secret_set: boolean;
}

export interface RobotSettingsInput {
  enabled: boolean;
  url?: string;
  /** DingTalk only: the 加签 secret (`SEC…`). */
  secret?: string;
}

export interface NotifySettingsView {
  email: EmailSettingsView;
  wecom: RobotSettingsView;
  dingtalk: RobotSettingsView;
}

export interface NotifySettingsInput {
  email: EmailSettingsInput;
  wecom: RobotSettingsInput;
  dingtalk: RobotSettingsInput;
}

/** One attempt to deliver a lead (or a test) on a channel, and the channel's answer. */
export interface NotifyDelivery {
  id: number;
  at: string;
  channel: NotifyChannel;
  /** The message delivered; `null` for a test. */
  message_id: number | null;
  /** Who left it, for the list (`测试通知` for a test). */
  subject: string;
  ok: boolean;
  /** What the server said (SMTP reply, the robot's JSON), or why nothing came. */
  answer: string;
  attempt: number;
  test: boolean;
}

export interface NotifyOverview {
  settings: NotifySettingsView;
  /** Waiting (incl. being retried), and given up after the longest retry time. */
  queue: { pending: number; failed: number };
  /** The last 50 attempts, newest first. */
  deliveries: NotifyDelivery[];
}

export interface NotifyTestRequest {
  channel: NotifyChannel;
}

export interface NotifyTestResult {
  answer: string;
}

export interface UnreadCount {
  unread: number;
}
