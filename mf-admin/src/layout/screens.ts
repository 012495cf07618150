import type { AdminChild } from '@site/shared-types';

/**
 * The side menu's entry of each screen of `/admin/index/<key>`, in its order (docs/behaviour.md#admin-routes): the
 * five original entries first (menus to keywords), Baidu's link push beside the keywords (both are about search
 * engines), then the editors of what the public sites show, the leads and where new ones are sent, the media library
 * (the pictures all of those use), the recycle bin, then the remote releases and what visitors met with them (about
 * the site's code, not its content). One entry per back-office route of the shared table (`ADMIN_CHILDREN`): the
 * compiler refuses a missing or an unknown key. The route tree (app.tsx) gives each key its screen.
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
};

/** The side menu's entries and the top bar's titles, in the side menu's order (the order of `LABELS`). */
export const SCREENS: readonly { key: AdminChild; label: string }[] = (Object.keys(LABELS) as AdminChild[]).map(
  (key) => ({ key, label: LABELS[key] }),
);
