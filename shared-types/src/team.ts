/**
 * The back office's team (docs/behaviour.md#accounts-and-roles): four roles, what each may do, and the shapes of
 * the accounts, sessions, two-step sign-in, review and audit-trail calls.
 */

/** From the most to the least trusted. Exactly one account is the owner. */
export const ROLES = ['owner', 'admin', 'editor', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  owner: '所有者',
  admin: '管理员',
  editor: '编辑',
  contributor: '撰稿',
};

/**
 * What an admin call needs, declared on every call of the server (a call without one is refused to everybody):
 * - `ownership`: handing the site over (the owner only);
 * - `manage`: accounts, settings, notifications, releases, the recycle bin, the audit trail;
 * - `edit`: every case, article, menu, site block, picture and lead; publishing and approving reviews;
 * - `write`: one's own drafts of cases and articles, submitting them for review, uploading pictures;
 * - `session`: one's own account (sign out, password, two-step sign-in, signed-in devices).
 */
export const ACCESS_LEVELS = ['ownership', 'manage', 'edit', 'write', 'session'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** The levels each role holds. */
export const ROLE_ACCESS: Readonly<Record<Role, readonly AccessLevel[]>> = {
  owner: ACCESS_LEVELS,
  admin: ['manage', 'edit', 'write', 'session'],
  editor: ['edit', 'write', 'session'],
  contributor: ['write', 'session'],
};

export function roleMay(role: Role, level: AccessLevel): boolean {
  return ROLE_ACCESS[role].includes(level);
}

/** The roles an owner or administrator may give (ownership is handed over, never given). */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'contributor'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/** The refusal of a call the account's role does not allow (code 3). */
export const NO_PERMISSION = '当前账号没有此操作的权限';

/** The role requires two-step sign-in and the account has not set it up: only its own screens work (code 3). */
export const TWO_STEP_SETUP_FIRST = '你的角色要求两步验证，请先在「账号安全」中设置两步验证';

/**
 * Whether a code-3 refusal leaves the session as it was: a call the role may not make (or may not make yet) is
 * refused while the account stays signed in; every other code 3 means the session has ended.
 */
export function refusalKeepsSession(msg: string): boolean {
  return msg === NO_PERMISSION || msg === TWO_STEP_SETUP_FIRST;
}

/** An invitation link works for 72 hours. */
export const INVITATION_HOURS = 72;

/** Ten one-time recovery codes, shown once when two-step sign-in is set up (or made anew). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The sign-in's refusal (code 1) when the password is right and the account uses two-step sign-in but no code was
 * sent: the login form then asks for the code and sends the sign-in again with it (docs/behaviour.md#two-step-sign-in).
 */
export const TWO_STEP_NEEDED = '请输入两步验证码';

/** Audit records are kept at least this long (Cybersecurity Law art. 21: six months). */
export const AUDIT_MIN_RETENTION_DAYS = 180;

/** Who is signed in, and what the back office shows them. */
export interface AccountSelf {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** Whether two-step sign-in is on for this account. */
  two_step: boolean;
  /** The role requires two-step sign-in and it is not set up yet: only the account's own screens work. */
  two_step_setup_required: boolean;
  /** Items waiting for review (editors and above), or the account's own items sent back (contributors). */
  review_count: number;
}

export interface AccountRow {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** Beijing time `yyyy-MM-dd HH:mm:ss`, '' when never. */
  last_login_at: string;
  two_step: boolean;
  disabled: boolean;
  created_at: string;
}

export interface InvitationRow {
  id: number;
  email: string;
  name: string;
  role: AssignableRole;
  invited_by: string;
  /** Beijing time. */
  expires_at: string;
}

export interface AccountsOverview {
  accounts: AccountRow[];
  /** Invitations not accepted yet and not expired. */
  invitations: InvitationRow[];
  /** Roles whose accounts must use two-step sign-in. */
  two_step_roles: Role[];
}

export interface InviteRequest {
  email: string;
  name: string;
  role: AssignableRole;
}

/** `link` is always given (an address to copy); `mailed` says whether it also went out by e-mail. */
export interface InviteResult {
  id: number;
  link: string;
  mailed: boolean;
}

/** Accepting an invitation: the new account's password as MD5 hex, like the sign-in. */
export interface AcceptInvitationRequest {
  token: string;
  name: string;
  password: string;
}

export interface InvitationInfo {
  email: string;
  name: string;
  role: AssignableRole;
}

export interface AccountRoleRequest {
  id: number;
  role: AssignableRole;
}

export interface AccountRequest {
  id: number;
}

export interface TwoStepPolicyRequest {
  roles: Role[];
}

/** One signed-in device of the account. */
export interface SessionRow {
  id: string;
  /** The browser and system with their versions, e.g. `Chrome 131 · Windows 10` (`未知设备` when unknown). */
  device: string;
  ip: string;
  /** Beijing time. */
  created_at: string;
  last_seen_at: string;
  /** The session of this very request. */
  current: boolean;
}

export interface SessionEndRequest {
  id: string;
}

/** Setting up two-step sign-in: the secret as a QR code (a data: URL of a PNG) and as text for typing in. */
export interface TwoStepSetup {
  qr: string;
  secret: string;
  uri: string;
}

export interface TwoStepCodeRequest {
  code: string;
}

export interface RecoveryCodes {
  codes: string[];
}

/** Review of a contributor's case or article (docs/behaviour.md#review-before-publishing). */
export type ReviewKind = 'case' | 'news';

export interface ReviewRequest {
  kind: ReviewKind;
  id: number;
}

export interface ReviewApproveRequest extends ReviewRequest {
  /** Publish now, or at `publish_at` (ISO 8601 with an offset). */
  status: 'published' | 'scheduled';
  publish_at?: string | null;
}

export interface ReviewReturnRequest extends ReviewRequest {
  comment: string;
}

/** The review state of an item: waiting for an editor, or sent back with the editor's comment. */
export type ReviewState = 'pending' | 'returned';

export const REVIEW_STATE_NAMES: Readonly<Record<ReviewState, string>> = {
  pending: '待审核',
  returned: '已退回',
};

export interface ReviewRow {
  kind: ReviewKind;
  id: number;
  title: string;
  author: string;
  /** Beijing time of the submission. */
  submitted_at: string;
  /** The revision under review. */
  revision: number;
  /** Whether an editor approved the item before (published or scheduled): the review is of a change to it. */
  live: boolean;
}

/** One record of the audit trail. */
export interface AuditRow {
  id: number;
  /** Beijing time `yyyy-MM-dd HH:mm:ss`. */
  at: string;
  actor: string;
  ip: string;
  action: string;
  /** The operation's Chinese name. */
  action_name: string;
  item_kind: string;
  item_id: number | null;
  title: string;
  /** The revision the write made, where there is one. */
  revision: number | null;
}

export interface AuditListRequest {
  page?: number;
  /** An account's id; 0 or absent: everybody. */
  actor?: number;
  action?: string;
  item_kind?: string;
  item_id?: number;
  /** `yyyy-MM-dd` in Beijing time, both days included. */
  from?: string;
  to?: string;
}

export interface AuditList {
  data: AuditRow[];
  /** Older records exist: ask for the next page. */
  more: boolean;
  page: number;
  per_page: number;
  /** The operations a filter can name, with their Chinese names. */
  actions: { value: string; label: string }[];
  /** The accounts a filter can name. */
  actors: { id: number; label: string }[];
}
