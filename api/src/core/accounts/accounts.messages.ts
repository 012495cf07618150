/** The Chinese texts of 账号管理, the invitation link and 登录设备 (docs/behaviour.md#accounts-and-roles). */
export const ACCOUNT_MSG = {
  invited: '邀请已创建',
  invitationCancelled: '邀请已撤销',
  invitationGone: '邀请不存在或已失效',
  invitationInvalid: '邀请链接无效或已过期',
  emailHasAccount: '该邮箱已有账号',
  emailHasAccountSignIn: '该邮箱已有账号，请直接登录',
  invitedConcurrently: '该邮箱刚刚已被邀请，请刷新后再试',
  accepted: '账号已创建',
  accountGone: '账号不存在',
  roleChanged: '角色已修改，该账号需重新登录',
  ownRole: '不能修改自己的角色',
  ownerRole: '不能修改所有者的角色；所有权只能由所有者转让',
  adminByOwnerOnly: '只有所有者可以修改或停用管理员账号',
  disabled: '账号已停用，其登录已全部结束',
  enabled: '账号已启用',
  disableSelf: '不能停用自己的账号',
  disableOwner: '不能停用所有者',
  transferred: '所有权已转让，你现在是管理员',
  transferSelf: '你已经是所有者',
  transferDisabled: '只能转让给已启用的账号',
  notOwner: '只有所有者可以转让所有权',
  sessionEnded: '已退出该设备',
  sessionGone: '会话不存在或已结束',
} as const;

/** The invitation mail: plain text, with the link and how long it works. */
export function invitationMail(input: { inviter: string; site: string; role: string; link: string; hours: number }): {
  subject: string;
  text: string;
} {
  return {
    subject: `${input.inviter} 邀请你加入 ${input.site} 管理后台`,
    text: [
      `${input.inviter} 邀请你以「${input.role}」身份加入 ${input.site} 管理后台。`,
      '',
      '请打开下面的链接，设置姓名和密码以创建账号：',
      input.link,
      '',
      `链接 ${input.hours} 小时内有效，只能使用一次。如果你不认识邀请人，请忽略这封邮件。`,
    ].join('\n'),
  };
}
