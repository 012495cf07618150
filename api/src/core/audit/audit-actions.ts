/**
 * Every operation the audit trail records, with the Chinese name the back office shows and the filter offers
 * (docs/behaviour.md#audit-trail). The one list: `@Audited()` accepts only these codes, `/api/auditlog` sends it as
 * `actions`, the export names each record's operation from it.
 */
export const AUDIT_ACTIONS = {
  login: '登录',
  login_failed: '登录失败',
  login_locked: '登录锁定',
  logout: '退出登录',
  password_change: '修改密码',

  case_save: '保存案例',
  case_delete: '删除案例',
  news_save: '保存文章',
  news_delete: '删除文章',
  menu_save: '保存栏目',
  menu_delete: '删除栏目',
  keyword_save: '修改关键词',
  header_save: '保存页头',
  footer_save: '保存页脚',
  home_save: '保存首页',
  about_save: '保存关于我们',
  contact_save: '保存联系方式',
  revision_restore: '恢复历史版本',
  upload: '上传图片',
  media_delete: '删除图片',
  lead_read: '标记留言',
  lead_delete: '删除留言',
  lead_export: '导出留言',
  trash_restore: '从回收站恢复',
  trash_purge: '彻底删除',
  trash_empty: '清空回收站',

  release_activate: '启用版本',
  release_canary: '灰度发布',
  release_promote: '灰度转正',
  release_abandon: '结束灰度',
  release_rollback: '回滚版本',
  baidu_push: '推送链接',
  baidu_retry: '重试推送',
  notify_save: '保存通知设置',
  notify_test: '测试通知',
  notify_retry: '重试通知',
  backup: '备份',
  restore: '恢复备份',
  audit_export: '导出操作日志',

  account_invite: '邀请成员',
  invitation_cancel: '取消邀请',
  invitation_accept: '接受邀请',
  account_role: '修改角色',
  account_disable: '停用账号',
  account_enable: '启用账号',
  ownership_transfer: '转让所有权',
  session_end: '结束登录设备',
  two_step_setup: '设置两步验证',
  two_step_enable: '开启两步验证',
  two_step_disable: '关闭两步验证',
  two_step_reset: '重置两步验证',
  two_step_policy: '修改两步验证要求',
  recovery_codes: '重新生成恢复码',
  review_submit: '提交审核',
  review_approve: '审核通过',
  review_return: '退回修改',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** Whether `code` names an operation of the list. */
export function isAuditAction(code: string): code is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, code);
}

/** The operation's Chinese name (the code itself for one no longer in the list: an old record). */
export function auditActionName(code: string): string {
  return isAuditAction(code) ? AUDIT_ACTIONS[code] : code;
}

/** The list as a filter's options. */
export function auditActionOptions(): { value: string; label: string }[] {
  return Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));
}

/** What the records' item kinds are called (the export's 对象类型). */
export const AUDIT_ITEM_KINDS: Readonly<Record<string, string>> = {
  case: '案例',
  news: '文章',
  menu: '栏目',
  keyword: '关键词',
  header: '页头',
  footer: '页脚',
  home: '首页',
  about: '关于我们',
  contact: '联系方式',
  media: '图片',
  lead: '留言',
  release: '前端版本',
  account: '账号',
  invitation: '邀请',
  session: '登录设备',
};

export function auditItemKindName(kind: string): string {
  return AUDIT_ITEM_KINDS[kind] ?? kind;
}

/** Who acted when no account did: a command on the server, a timer of the server. */
export const AUDIT_ACTOR = { cli: '命令行', schedule: '计划任务' } as const;
