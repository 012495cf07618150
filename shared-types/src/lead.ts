import type { LeaveWordRequest } from './domain/admin.js';
import { EMAIL_PATTERN, PHONE_PATTERN } from './text.js';

/**
 * The contact form's rules (docs/behaviour.md#contact-form), one copy for the server's checks and for every form
 * that sends a lead (the mobile 在线留言 page and the desktop about page's), so they never disagree.
 */
export type LeadField = 'name' | 'phone' | 'email' | 'address' | 'content';
export type LeadDraft = Record<LeadField, string>;
export type LeadErrors = Partial<Record<LeadField, string>>;

/** In the order the forms show them (the first wrong one is focused). */
export const LEAD_FIELDS: readonly LeadField[] = ['name', 'phone', 'email', 'address', 'content'];

export const EMPTY_LEAD: LeadDraft = { name: '', phone: '', email: '', address: '', content: '' };

/** Most characters per field, as the server counts them. */
export const LEAD_LIMITS: Record<LeadField, number> = { name: 30, phone: 30, email: 254, address: 200, content: 1000 };

/** What the forms say, in the visitor's words. */
export const LEAD_TEXTS = {
  title: '在线留言',
  intro: '留下您的需求，专属顾问将在一个工作日内与您联系。',
  submit: '提交留言',
  sending: '正在提交…',
  sent: '提交成功，我们会尽快与您联系',
  failed: '提交失败，请检查网络后重试',
  nameMissing: '请填写姓名',
  nameTooLong: `姓名不能超过${LEAD_LIMITS.name}个字`,
  phoneMissing: '请填写电话',
  phoneInvalid: '请填写正确的手机号或固定电话',
  emailInvalid: '请填写正确的邮箱地址',
  addressTooLong: `地址不能超过${LEAD_LIMITS.address}个字`,
  contentMissing: '请填写留言内容',
  contentTooLong: `留言内容不能超过${LEAD_LIMITS.content}个字`,
  /** A field holding characters no text can be stored with (a NUL, half a surrogate pair). */
  unstorable: '含有无法保存的字符，请删除后重试',
  /**
   * A form sent without the application with its field for bots filled (a browser's autofill may do it): the page
   * comes back with that field empty, so one more press sends the lead.
   */
  trapped: '提交未成功，请再点一次“提交留言”',
  again: '继续留言',
} as const;

/** The outcome of sending a lead: sent, or why not (the server's refusal, or a failed request). */
export interface LeadOutcome {
  kind: 'ok' | 'error';
  text: string;
}

/**
 * A contact form as a page shows it: what is typed, each wrong field's message (after a send), and the outcome of
 * the last send. The server renders a form sent without the application in this state (docs/behaviour.md#contact-form).
 */
export interface LeadFormState {
  draft: LeadDraft;
  errors: LeadErrors;
  outcome: LeadOutcome | null;
}

/**
 * The parameter of the address a form sent without the application moves to once its lead is stored
 * (`/move/about.html?sent=1`): the page then says the lead was sent. Nothing the visitor typed is in an address.
 */
export const LEAD_SENT_PARAM = 'sent';

/**
 * The anchor of the desktop about page's contact section, which holds the form (`/about.html#message`), linked from
 * the footer: the section, so that its heading 联系我们 shows above the form rather than under the sticky navigation.
 */
export const LEAD_FORM_ANCHOR = 'message';

/** The Chinese message of each wrong field (none: the lead may be sent). Values are checked trimmed. */
export function validateLead(values: LeadDraft): LeadErrors {
  const errors: LeadErrors = {};
  const name = values.name.trim();
  const phone = values.phone.trim();
  const email = values.email.trim();
  const content = values.content.trim();
  if (!name) errors.name = LEAD_TEXTS.nameMissing;
  else if (name.length > LEAD_LIMITS.name) errors.name = LEAD_TEXTS.nameTooLong;
  if (!phone) errors.phone = LEAD_TEXTS.phoneMissing;
  else if (!PHONE_PATTERN.test(phone)) errors.phone = LEAD_TEXTS.phoneInvalid;
  if (email && !EMAIL_PATTERN.test(email)) errors.email = LEAD_TEXTS.emailInvalid;
  if (values.address.trim().length > LEAD_LIMITS.address) errors.address = LEAD_TEXTS.addressTooLong;
  if (!content) errors.content = LEAD_TEXTS.contentMissing;
  else if (content.length > LEAD_LIMITS.content) errors.content = LEAD_TEXTS.contentTooLong;
  return errors;
}

/** The body of `POST /api/leaveword` for a checked draft sent from `page`; `website` is the honeypot's value. */
export function leadRequest(values: LeadDraft, page: string, website = ''): LeaveWordRequest {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim() || undefined,
    address: values.address.trim() || undefined,
    content: values.content.trim(),
    page,
    website: website || undefined,
  };
}

/** Where new leads are sent (docs/behaviour.md#lead-notifications), in the order the settings screen shows them. */
export const NOTIFY_CHANNELS = ['email', 'wecom', 'dingtalk'] as const;

export const NOTIFY_CHANNEL_LABELS: Record<(typeof NOTIFY_CHANNELS)[number], string> = {
  email: '邮件',
  wecom: '企业微信群机器人',
  dingtalk: '钉钉群机器人',
};

/** Most recipients of the lead mail. */
export const NOTIFY_MAX_RECIPIENTS = 10;

/** The files 留言管理 exports the filtered messages to. */
export const MESSAGE_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type MessageExportFormat = (typeof MESSAGE_EXPORT_FORMATS)[number];
