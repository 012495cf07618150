import { roleMay, type AccessLevel, type AdminChild, type Role } from '@site/shared-types';

/**
 * The side menu's entry of each screen of `/admin/index/<key>`, in its order (docs/behaviour.md#admin-routes): the
 * five original entries first (menus to keywords), Baidu's link push beside the keywords (both are about search
 * engines), then the editors of what the public sites show, the leads and where new ones are sent, the media library
 * (the pictures all of those use), the recycle bin, then the remote releases and what visitors met with them (about
 * the site's code, not its content), then the team: accounts, the audit trail and one's own account security. One
 * entry per back-office route of the shared table (`ADMIN_CHILDREN`): the compiler refuses a missing or an unknown
 * key. The route tree (app.tsx) gives each key its screen.
 */
const LABELS: Record<AdminChild, string> = {
  menu: '菜单管理',
  case: '案例管理',
  article: '文章管理',
  changepwd: '修改密码',
  keywords: '关键词管理',
  baidupush: '百度推送',
  header: '页头设置',
  footer: '页脚设置',
  index: '首页设置',
  about: '关于我们',
  relation: '联系方式',
  leaveword: '留言管理',
  notify: '通知设置',
  media: '媒体库',
  trash: '回收站',
  releases: '版本发布',
  vitals: '访问体验',
  accounts: '账号管理',
  audit: '操作日志',
  security: '账号安全',
};

/**
 * The access level each screen's calls need (docs/behaviour.md#accounts-and-roles): the side menu shows a screen
 * only to the roles holding it, and the frame shows no screen to others (its calls would be refused). A record over
 * `AdminChild`, so a new screen must say which level it needs. A screen's level is the highest any of its
 * everyday calls declares on the server (`@Access`); a button needing more is hidden on it instead.
 */
export const SCREEN_ACCESS: Record<AdminChild, AccessLevel> = {
  menu: 'edit',
  case: 'write',
  article: 'write',
  changepwd: 'session',
  keywords: 'edit',
  baidupush: 'manage',
  header: 'edit',
  footer: 'edit',
  index: 'edit',
  about: 'edit',
  relation: 'edit',
  leaveword: 'edit',
  notify: 'manage',
  media: 'edit',
  trash: 'manage',
  releases: 'manage',
  vitals: 'manage',
  accounts: 'manage',
  audit: 'manage',
  security: 'session',
};

/** The side menu's entries and the top bar's titles, in the side menu's order (the order of `LABELS`). */
export const SCREENS: readonly { key: AdminChild; label: string }[] = (Object.keys(LABELS) as AdminChild[]).map(
  (key) => ({ key, label: LABELS[key] }),
);

/**
 * The screens a role may open. While the account must still set up two-step sign-in, only those of its own account
 * (`session`): the server refuses every other call until then.
 */
export function screensFor(role: Role, twoStepSetupRequired: boolean): readonly { key: AdminChild; label: string }[] {
  return SCREENS.filter(({ key }) =>
    twoStepSetupRequired ? SCREEN_ACCESS[key] === 'session' : roleMay(role, SCREEN_ACCESS[key]),
  );
}
