import type { PreviewLinks, PreviewRequest } from './publishing.js';
import type { Call } from './api.js';
import type { MessageExportFormat } from './lead.js';
import type {
  AdminList,
  AdminListRequest,
  AmendResult,
  CaseAdminRow,
  CaseForm,
  CaseFormInput,
  IdRequest,
  LoginData,
  LoginRequest,
  MenuOption,
  Message,
  MessageReadRequest,
  ModificationRequest,
  NewsAdminRow,
  NewsForm,
  NewsFormInput,
  UploadData,
} from './domain/admin.js';
import type {
  BaiduPushResult,
  BaiduPushRetryRequest,
  BaiduPushStatus,
  BaiduPushUrlRequest,
} from './domain/baidu-push.js';
import type { MediaItem, MediaListRequest } from './domain/media.js';
import type { VitalsSummary } from './vitals.js';
import type {
  NotifyOverview,
  NotifySettingsInput,
  NotifySettingsView,
  NotifyTestRequest,
  NotifyTestResult,
  UnreadCount,
} from './domain/notify.js';
import type { KeywordRecord, KeywordUpdateRequest } from './domain/keywords.js';
import type { MenuForm, MenuNode } from './domain/menus.js';
import type { NewsCategoryLink } from './domain/news.js';
import type {
  RevisionDetail,
  RevisionItemRequest,
  RevisionList,
  RevisionRequest,
  TrashItemRequest,
  TrashKindCount,
  TrashListRequest,
  TrashRow,
} from './domain/trash.js';
import type { CanaryRequest, ReleaseRequest, ReleasesOverview, RemoteRequest } from './domain/releases.js';
import type {
  AcceptInvitationRequest,
  AccountRequest,
  AccountRoleRequest,
  AccountSelf,
  AccountsOverview,
  AuditList,
  AuditListRequest,
  InvitationInfo,
  InviteRequest,
  InviteResult,
  RecoveryCodes,
  ReviewApproveRequest,
  ReviewRequest,
  ReviewReturnRequest,
  ReviewRow,
  SessionEndRequest,
  SessionRow,
  TwoStepCodeRequest,
  TwoStepPolicyRequest,
  TwoStepSetup,
} from './team.js';
import type { AboutData, ContactData, FooterData, HeaderBlock, HomeBlock } from './domain/site.js';

/** A `multipart/form-data` body (a `FormData` in the browser) whose part named `Field` carries the file. */
export interface FileUpload<Field extends string> {
  readonly filePart: Field;
}

/** What CKEditor 5's upload adapter expects: the picture's address, or the refusal. Not the envelope. */
/** `POST /api/exportleavewords`: the messages a search finds (all of them without one), in one file. */
export interface MessageExportRequest {
  format: MessageExportFormat;
  search?: string;
}

export type EditorUploadAnswer = { url: string } | { error: { message: string } };

/**
 * Every call the back office makes (README "Admin", docs/decisions.md "Back office API"), keyed by path. All need
 * the `token` header except the login, the keyword records (public too) and the editor upload (which takes the
 * token in its address).
 */
export interface AdminApi {
  '/api/login': Call<'POST', LoginRequest, LoginData>;
  '/api/quit': Call<'POST', void, null>;
  '/api/modification': Call<'POST', ModificationRequest, null>;
  '/api/keyswords': Call<'POST', void, KeywordRecord[]>;
  /** Its `msg` says what the change does; the screen shows it. */
  '/api/KeyswordsUpdate': Call<'POST', KeywordUpdateRequest, null>;
  '/api/menu': Call<'POST', AdminListRequest, AdminList<MenuNode, MenuOption>>;
  '/api/getmenu': Call<'POST', { menuid: number }, MenuForm>;
  '/api/amendmenu': Call<'POST', MenuForm, AmendResult>;
  '/api/deletemenu': Call<'POST', IdRequest, null>;
  '/api/case': Call<'POST', AdminListRequest, AdminList<CaseAdminRow>>;
  '/api/getcase': Call<'POST', { caseid: number }, CaseForm>;
  '/api/amendcase': Call<'POST', CaseFormInput, AmendResult>;
  '/api/deletecase': Call<'POST', IdRequest, null>;
  /** Signed addresses of a draft's or scheduled item's pages, for an hour (docs/behaviour.md#preview). */
  '/api/preview': Call<'POST', PreviewRequest, PreviewLinks>;
  '/api/news': Call<'POST', AdminListRequest, AdminList<NewsAdminRow, NewsCategoryLink>>;
  '/api/getnews': Call<'POST', { newsid: number }, NewsForm>;
  '/api/amendnews': Call<'POST', NewsFormInput, AmendResult>;
  '/api/deletenews': Call<'POST', IdRequest, null>;
  '/api/getheader': Call<'POST', void, HeaderBlock>;
  '/api/amendheader': Call<'POST', HeaderBlock, null>;
  '/api/getfooter': Call<'POST', void, FooterData>;
  '/api/amendfooter': Call<'POST', FooterData, null>;
  '/api/gethome': Call<'POST', void, HomeBlock>;
  '/api/amendhome': Call<'POST', HomeBlock, null>;
  '/api/getabout': Call<'POST', void, AboutData>;
  '/api/amendabout': Call<'POST', AboutData, null>;
  '/api/getrelation': Call<'POST', void, ContactData>;
  '/api/amendrelation': Call<'POST', ContactData, null>;
  '/api/leavewords': Call<'POST', AdminListRequest, AdminList<Message>>;
  /** How many messages are unread: the side menu's badge. */
  '/api/unreadleavewords': Call<'POST', void, UnreadCount>;
  '/api/readleaveword': Call<'POST', MessageReadRequest, null>;
  /** The messages of a search as a file (CSV or XLSX, Chinese headers): the answer is the file, not an envelope. */
  '/api/exportleavewords': Call<'POST', MessageExportRequest, ArrayBuffer>;
  /** Lead notifications: the channels (secrets only as set or not), the outbox, the last 50 attempts. */
  '/api/notifysettings': Call<'POST', void, NotifyOverview>;
  '/api/savenotifysettings': Call<'POST', NotifySettingsInput, NotifySettingsView>;
  /** Sends a test notice on one channel with its saved settings, at once; a failure answers the channel's words. */
  '/api/testnotify': Call<'POST', NotifyTestRequest, NotifyTestResult>;
  /** Makes the given-up deliveries due again. */
  '/api/retrynotify': Call<'POST', void, { count: number }>;
  '/api/deleteleaveword': Call<'POST', IdRequest, null>;
  '/api/uploader': Call<'POST', FileUpload<'file'>, UploadData>;
  /** CKEditor's own upload: `?token=…` in the address, its answer in the editor's format. */
  '/api/uploaders': Call<'POST', FileUpload<'upload'>, EditorUploadAnswer>;
  /** Baidu's link push: configuration, quota, queue and the last answers. */
  '/api/baidupush': Call<'POST', void, BaiduPushStatus>;
  /** Pushes one address of the site at once (queued like the others if it cannot go now). */
  '/api/baidupushurl': Call<'POST', BaiduPushUrlRequest, BaiduPushResult>;
  /** Makes queued addresses (one, or all) due now, the failed ones with a fresh count of attempts. */
  '/api/baidupushretry': Call<'POST', BaiduPushRetryRequest, { count: number }>;
  /** The recycle bin: trashed cases, articles and menus, newest first; `menu` counts each kind. */
  '/api/trash': Call<'POST', TrashListRequest, AdminList<TrashRow, TrashKindCount>>;
  '/api/restoretrash': Call<'POST', TrashItemRequest, null>;
  /** Deletes one trashed item for good (a menu with the trashed menus and cases under it). */
  '/api/purgetrash': Call<'POST', TrashItemRequest, { count: number }>;
  '/api/emptytrash': Call<'POST', void, { count: number }>;
  /** The revisions of a case, an article or a site block, newest first. */
  '/api/revisions': Call<'POST', RevisionItemRequest, RevisionList>;
  '/api/getrevision': Call<'POST', RevisionRequest, RevisionDetail>;
  /** Saves a revision's document again: a new revision. */
  '/api/restorerevision': Call<'POST', RevisionRequest, { number: number }>;
  /** The media library: every uploaded picture, newest first, with where it is used. */
  '/api/medialist': Call<'POST', MediaListRequest, AdminList<MediaItem>>;
  /** Deletes an unused picture with its file and variants; a used one is refused, naming where it is used. */
  '/api/deletemedia': Call<'POST', IdRequest, null>;
  /** Remote releases (版本发布): every remote's kept releases, its pointer, error counts and latest events. */
  '/api/releases': Call<'POST', void, ReleasesOverview>;
  /** Serves one kept release to everyone (through the compatibility gate and the smoke render); ends a canary. */
  '/api/activaterelease': Call<'POST', ReleaseRequest, null>;
  /** Serves a kept release to `percent` % of visitors (through the same gate). */
  '/api/canaryrelease': Call<'POST', CanaryRequest, null>;
  /** Makes the canary the active release for everyone. */
  '/api/promoterelease': Call<'POST', RemoteRequest, null>;
  /** Ends a running canary; without one, returns to the release active before. */
  '/api/rollbackrelease': Call<'POST', RemoteRequest, null>;
  /** What real visitors met: the 75th percentile of each metric per page and device over the last 7 days. */
  '/api/vitals': Call<'POST', void, VitalsSummary>;
  /** Who is signed in: name, role, two-step state and the review count of the side menu. */
  '/api/me': Call<'POST', void, AccountSelf>;
  /** 账号管理: every account, the open invitations and the roles that must use two-step sign-in. */
  '/api/accounts': Call<'POST', void, AccountsOverview>;
  /** Invites a person by e-mail (with the SMTP settings); the link (72 h) is answered either way. */
  '/api/inviteaccount': Call<'POST', InviteRequest, InviteResult>;
  '/api/cancelinvitation': Call<'POST', { id: number }, null>;
  /** What an invitation link offers (no token header: the link's token is the proof). */
  '/api/invitation': Call<'POST', { token: string }, InvitationInfo>;
  /** Makes the invited account and signs it in. */
  '/api/acceptinvitation': Call<'POST', AcceptInvitationRequest, LoginData>;
  /** Gives an account another role; its sessions end. */
  '/api/accountrole': Call<'POST', AccountRoleRequest, null>;
  /** Disables an account: its sessions end at once. */
  '/api/disableaccount': Call<'POST', AccountRequest, null>;
  '/api/enableaccount': Call<'POST', AccountRequest, null>;
  /** Hands the ownership to another account (owner only); the owner becomes an administrator. */
  '/api/transferownership': Call<'POST', AccountRequest, null>;
  /** Turns off another account's two-step sign-in (a lost phone); its sessions end. */
  '/api/resettwostep': Call<'POST', AccountRequest, null>;
  /** The roles whose accounts must use two-step sign-in. */
  '/api/twosteppolicy': Call<'POST', TwoStepPolicyRequest, null>;
  /** 登录设备: the signed-in account's sessions. */
  '/api/sessions': Call<'POST', void, SessionRow[]>;
  '/api/endsession': Call<'POST', SessionEndRequest, null>;
  /** Starts setting up two-step sign-in: a new secret, as a QR code. */
  '/api/twostepsetup': Call<'POST', void, TwoStepSetup>;
  /** Confirms the setup with a code from the app; answers the ten recovery codes (shown once). */
  '/api/twostepenable': Call<'POST', TwoStepCodeRequest, RecoveryCodes>;
  '/api/twostepdisable': Call<'POST', TwoStepCodeRequest, null>;
  /** Ten new recovery codes; the old ones stop working. */
  '/api/recoverycodes': Call<'POST', TwoStepCodeRequest, RecoveryCodes>;
  /** Cases and articles waiting for review, oldest first. */
  '/api/reviews': Call<'POST', void, ReviewRow[]>;
  /** 提交审核: the writer's draft (or change) waits for an editor. */
  '/api/submitreview': Call<'POST', ReviewRequest, null>;
  /** Publishes (now or at a time) what was submitted. */
  '/api/approvereview': Call<'POST', ReviewApproveRequest, null>;
  /** Sends it back to the writer with a comment. */
  '/api/returnreview': Call<'POST', ReviewReturnRequest, null>;
  /** 操作日志, newest first, filtered. */
  '/api/auditlog': Call<'POST', AuditListRequest, AuditList>;
  /** The records a filter finds, as CSV (UTF-8 with a byte-order mark, for Excel). */
  '/api/exportauditlog': Call<'POST', AuditListRequest, ArrayBuffer>;
}

export type AdminPath = keyof AdminApi;
