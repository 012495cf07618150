import { createHash } from 'node:crypto';
import {
  NO_PERMISSION,
  type AccountSelf,
  type AccountsOverview,
  type InvitationInfo,
  type InviteResult,
} from '@site/shared-types';
import { adminCall, login, md5 } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { eventually, TestSmtp } from '../support/lead-receivers.js';
import { createAccount, signedIn, type TestAccount } from '../support/team.js';
import { INVITATION_MAIL_WAIT_MS } from '../../src/core/accounts/accounts.service.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.js';

/**
 * Accounts and roles (docs/behaviour.md#accounts-and-roles): the owner, invitations by link (and by mail with the
 * SMTP settings), roles, disabling, handing the ownership over, and a disabled account's token on another server.
 */

let t: TestApp;
let owner: string;
const smtp = new TestSmtp();

beforeAll(async () => {
  await smtp.start();
  t = await createTestApp({ PUBLIC_URL: 'https://www.yunfan.test', LEAD_NOTIFY_TIMEOUT_MS: '3000' });
  owner = await login(t);
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});
beforeEach(async () => {
  await t.sql('DELETE FROM rate_limit');
});

const call = (token: string, path: string, body: object = {}) => adminCall(t, token, path, body);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const accountsOf = async (token = owner) => ok<AccountsOverview>(await call(token, '/api/accounts'));
const sessionsOf = async (id: number) =>
  (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM admin_session WHERE user_id = $1', [id]))[0]!.n;
let invited = 0;
const newEmail = () => `invited-${++invited}-${Date.now()}@yunfan.example.com`;

async function invite(email: string, role = 'editor', name = '新同事'): Promise<InviteResult> {
  return ok<InviteResult>(await call(owner, '/api/inviteaccount', { email, name, role }));
}

describe('the owner', () => {
  it('should be the seed account', async () => {
    const me = ok<AccountSelf>(await call(owner, '/api/me'));
    expect(me).toMatchObject({ email: TEST_ADMIN.email, role: 'owner', two_step: false, review_count: 0 });
    const { accounts } = await accountsOf();
    expect(accounts[0]).toMatchObject({ email: TEST_ADMIN.email, role: 'owner', disabled: false });
    expect(accounts[0]!.last_login_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('invitations', () => {
  it('should answer a link to copy when no mail can be sent, keeping only a hash of its token', async () => {
    const email = newEmail();
    const result = await invite(email, 'contributor', '撰稿人');
    expect(result.mailed).toBe(false);
    expect(result.link).toMatch(/^https:\/\/www\.yunfan\.test\/admin\/invite\?token=[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(result.link);
    const [row] = await t.sql<{ token_hash: string; hours: number }>(
      `SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours
       FROM admin_invitation WHERE id = $1`,
      [result.id],
    );
    expect(row).toEqual({ token_hash: createHash('sha256').update(token).digest('hex'), hours: 72 });

    const { invitations } = await accountsOf();
    expect(invitations.find((i) => i.id === result.id)).toMatchObject({
      email,
      name: '撰稿人',
      role: 'contributor',
      invited_by: TEST_ADMIN.email,
    });
    // The audit trail names the invitation and the e-mail invited.
    const [record] = await t.sql(
      `SELECT actor, item_kind, item_id, title FROM audit_log WHERE action = 'account_invite' AND item_id = $1`,
      [result.id],
    );
    expect(record).toEqual({ actor: TEST_ADMIN.email, item_kind: 'invitation', item_id: result.id, title: email });
  });

  it('should tell what an open link offers, and nothing for an unknown one', async () => {
    const email = newEmail();
    const { link } = await invite(email, 'editor', '王编辑');
    const info = ok<InvitationInfo>(await t.http.post('/api/invitation').send({ token: tokenOf(link) }));
    expect(info).toEqual({ email, name: '王编辑', role: 'editor' });
    expect(refused(await t.http.post('/api/invitation').send({ token: 'x'.repeat(43) }), 1)).toBe(
      '邀请链接无效或已过期',
    );
    expect(refused(await t.http.post('/api/invitation').send({}), 2)).toBe('参数 token 不能为空');
  });

  it('should make the account with the invited role, sign it in, and work only once', async () => {
    const email = newEmail();
    const { link } = await invite(email, 'editor');
    const token = tokenOf(link);
    const accept = () =>
      t.http.post('/api/acceptinvitation').send({ token, name: '李编辑', password: md5('Invited-2026!') });
    const { token: session } = ok<{ token: string }>(await accept());
    expect(ok<AccountSelf>(await call(session, '/api/me'))).toMatchObject({ email, name: '李编辑', role: 'editor' });
    expect(refused(await accept(), 1)).toBe('邀请链接无效或已过期');
    expect(refused(await t.http.post('/api/invitation').send({ token }), 1)).toBe('邀请链接无效或已过期');

    // It signs in with its password, and its role's limits hold.
    const again = await login(t, email, 'Invited-2026!');
    expect(refused(await call(again, '/api/accounts'), 3)).toBe(NO_PERMISSION);
    const { accounts, invitations } = await accountsOf();
    expect(accounts.find((a) => a.email === email)).toMatchObject({ name: '李编辑', role: 'editor' });
    expect(invitations.some((i) => i.email === email)).toBe(false);

    // The audit trail names the new account as the one who accepted, in the same transaction as its creation.
    const [record] = await t.sql<{ actor: string; item_kind: string; title: string }>(
      `SELECT actor, item_kind, title FROM audit_log WHERE action = 'invitation_accept' ORDER BY id DESC LIMIT 1`,
    );
    expect(record).toEqual({ actor: email, item_kind: 'account', title: '李编辑' });
  });

  it('should accept a link only once when two accepts come together', async () => {
    const { link } = await invite(newEmail(), 'contributor');
    const token = tokenOf(link);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        t.http.post('/api/acceptinvitation').send({ token, name: `并发${n}`, password: md5('Invited-2026!') }),
      ),
    );
    expect(answers.map((res) => res.body.code).sort()).toEqual([0, 1, 1]);
  });

  it('should refuse an expired link', async () => {
    const { id, link } = await invite(newEmail());
    await t.sql(`UPDATE admin_invitation SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    const token = tokenOf(link);
    expect(refused(await t.http.post('/api/invitation').send({ token }), 1)).toBe('邀请链接无效或已过期');
    expect(
      refused(
        await t.http.post('/api/acceptinvitation').send({ token, name: '迟到', password: md5('Invited-2026!') }),
        1,
      ),
    ).toBe('邀请链接无效或已过期');
    expect((await accountsOf()).invitations.some((i) => i.id === id)).toBe(false);
  });

  it('should refuse an e-mail that has an account, and renew an open invitation', async () => {
    expect(
      refused(await call(owner, '/api/inviteaccount', { email: TEST_ADMIN.email, name: '', role: 'admin' }), 1),
    ).toBe('该邮箱已有账号');
    const email = newEmail();
    const first = await invite(email, 'editor');
    const second = await invite(email, 'admin');
    expect(refused(await t.http.post('/api/invitation').send({ token: tokenOf(first.link) }), 1)).toBe(
      '邀请链接无效或已过期',
    );
    expect(ok<InvitationInfo>(await t.http.post('/api/invitation').send({ token: tokenOf(second.link) })).role).toBe(
      'admin',
    );
    expect((await accountsOf()).invitations.filter((i) => i.email === email)).toHaveLength(1);
  });

  it('should cancel an invitation: its link stops working', async () => {
    const { id, link } = await invite(newEmail());
    ok(await call(owner, '/api/cancelinvitation', { id }));
    expect(refused(await t.http.post('/api/invitation').send({ token: tokenOf(link) }), 1)).toBe(
      '邀请链接无效或已过期',
    );
    expect(refused(await call(owner, '/api/cancelinvitation', { id }), 1)).toBe('邀请不存在或已失效');
  });

  it.each([
    [{ name: '', role: 'editor' }, '邮箱不能为空'],
    [{ email: 'not-an-address', name: '', role: 'editor' }, '邮箱格式不正确'],
    [{ email: 'a@yunfan.example.com', name: '', role: 'owner' }, '参数 role 必须是 admin、editor、contributor 之一'],
    [{ email: 'a@yunfan.example.com', name: '名'.repeat(41), role: 'editor' }, '姓名不能超过 40 个字符'],
  ])('should refuse the invitation %j with code 2', async (body, message) => {
    expect(refused(await call(owner, '/api/inviteaccount', body), 2)).toBe(message);
  });

  it('should refuse a bad acceptance with code 2', async () => {
    const { link } = await invite(newEmail());
    const token = tokenOf(link);
    const accept = (body: object) => t.http.post('/api/acceptinvitation').send({ token, ...body });
    expect(refused(await accept({ name: '', password: md5('x') }), 2)).toBe('姓名不能为空');
    expect(refused(await accept({ name: '张三' }), 2)).toBe('请输入密码');
    expect(refused(await accept({ name: '张三', password: 'plain-text' }), 2)).toBe('密码格式不正确');
  });

  it('should refuse inviting to an editor or a contributor (code 3)', async () => {
    const editor = await signedIn(t, await createAccount(t, 'editor'));
    expect(refused(await call(editor, '/api/inviteaccount', { email: newEmail(), name: '', role: 'editor' }), 3)).toBe(
      NO_PERMISSION,
    );
  });
});

describe('invitation mail', () => {
  afterAll(async () => {
    await t.sql(`UPDATE notify_channel SET enabled = false, settings = '{}'::jsonb WHERE channel = 'email'`);
  });

  it('should mail the link with the SMTP settings of 通知设置', async () => {
    ok(
      await call(owner, '/api/savenotifysettings', {
        email: {
          enabled: false,
          host: '127.0.0.1',
          port: smtp.port,
          secure: false,
          user: smtp.account.user,
          password: smtp.account.password,
          from: '',
          to: [],
        },
        wecom: { enabled: false, url: '' },
        dingtalk: { enabled: false, url: '', secret: '' },
      }),
    );
    const email = newEmail();
    const result = await invite(email, 'editor');
    expect(result.mailed).toBe(true);
    await eventually(async () => smtp.mails.some((m) => m.to.includes(email)), 'the invitation mail');
    const mail = smtp.mails.find((m) => m.to.includes(email))!;
    expect(mail.parsed.subject).toBe(`${TEST_ADMIN.email} 邀请你加入 www.yunfan.test 管理后台`);
    expect(mail.parsed.text).toContain(result.link);
    expect(mail.parsed.text).toContain('72 小时内有效');
  });

  it('should still answer the link when the mail server refuses it', async () => {
    smtp.failing = true;
    try {
      const result = await invite(newEmail(), 'contributor');
      expect(result.mailed).toBe(false);
      expect(result.link).toMatch(/\/admin\/invite\?token=/);
    } finally {
      smtp.failing = false;
    }
  });

  it('should answer the link within the invitation wait when the mail server does not answer', async () => {
    // A server whose mail timeout is long: the invite call still answers after the shorter invitation wait.
    const patient = await createTestApp(
      { PUBLIC_URL: 'https://www.yunfan.test', LEAD_NOTIFY_TIMEOUT_MS: '30000' },
      { reuse: t },
    );
    smtp.stalling = true;
    try {
      const started = Date.now();
      const token = await login(patient);
      const result = ok<InviteResult>(
        await adminCall(patient, token, '/api/inviteaccount', { email: newEmail(), name: '', role: 'editor' }),
      );
      expect(result.mailed).toBe(false);
      expect(Date.now() - started).toBeLessThan(INVITATION_MAIL_WAIT_MS + 5_000);
    } finally {
      smtp.stalling = false;
      await patient.close();
    }
  });
});

describe('roles', () => {
  it('should change an account role and end its sessions', async () => {
    const account = await createAccount(t, 'contributor');
    const token = await signedIn(t, account);
    ok(await call(owner, '/api/accountrole', { id: account.id, role: 'editor' }));
    expect(await sessionsOf(account.id)).toBe(0);
    refused(await call(token, '/api/me'), 3);
    const again = await signedIn(t, account);
    expect(ok<AccountSelf>(await call(again, '/api/me')).role).toBe('editor');
  });

  it("should never change the owner's role, nor one's own", async () => {
    const [self] = await t.sql<{ id: number }>(`SELECT id FROM admin_user WHERE role = 'owner'`);
    expect(refused(await call(owner, '/api/accountrole', { id: self!.id, role: 'admin' }), 1)).toBe(
      '不能修改自己的角色',
    );
    const admin = await createAccount(t, 'admin');
    const adminToken = await signedIn(t, admin);
    expect(refused(await call(adminToken, '/api/accountrole', { id: self!.id, role: 'editor' }), 1)).toBe(
      '不能修改所有者的角色；所有权只能由所有者转让',
    );
    expect(refused(await call(adminToken, '/api/accountrole', { id: admin.id, role: 'editor' }), 1)).toBe(
      '不能修改自己的角色',
    );
  });

  it('should let only the owner change or disable an administrator', async () => {
    const first = await signedIn(t, await createAccount(t, 'admin'));
    const second = await createAccount(t, 'admin');
    expect(refused(await call(first, '/api/accountrole', { id: second.id, role: 'editor' }), 1)).toBe(
      '只有所有者可以修改或停用管理员账号',
    );
    expect(refused(await call(first, '/api/disableaccount', { id: second.id }), 1)).toBe(
      '只有所有者可以修改或停用管理员账号',
    );
    // An administrator manages editors and contributors, and may make one an administrator.
    const editor = await createAccount(t, 'editor');
    ok(await call(first, '/api/accountrole', { id: editor.id, role: 'admin' }));
  });

  it.each([
    [{ id: 1, role: 'owner' }, '参数 role 必须是 admin、editor、contributor 之一'],
    [{ id: 0, role: 'editor' }, '参数 id 必须是正整数'],
    [{ role: 'editor' }, '参数 id 必须是正整数'],
  ])('should refuse %j with code 2', async (body, message) => {
    expect(refused(await call(owner, '/api/accountrole', body), 2)).toBe(message);
  });

  it('should refuse an unknown account', async () => {
    expect(refused(await call(owner, '/api/accountrole', { id: 999_999, role: 'editor' }), 1)).toBe('账号不存在');
  });
});

describe('disabling', () => {
  let account: TestAccount;
  beforeEach(async () => {
    account = await createAccount(t, 'editor');
  });

  it('should end the sessions at once and refuse the login', async () => {
    const token = await signedIn(t, account);
    ok(await call(owner, '/api/disableaccount', { id: account.id }));
    expect(await sessionsOf(account.id)).toBe(0);
    expect(refused(await call(token, '/api/me'), 3)).toBe('登录已失效，请重新登录');
    expect(
      refused(await t.http.post('/api/login').send({ email: account.email, password: md5(account.password) }), 1),
    ).toBe('该账号已停用，请联系网站管理员');
    expect((await accountsOf()).accounts.find((a) => a.id === account.id)?.disabled).toBe(true);

    ok(await call(owner, '/api/enableaccount', { id: account.id }));
    ok(await call(await signedIn(t, account), '/api/me'));
  });

  it("should refuse a disabled account's token at once on another server", async () => {
    const other = await createTestApp({}, { reuse: t });
    try {
      const token = await signedIn(t, account);
      ok(await other.http.post('/api/me').set('token', token).send({}));
      ok(await call(owner, '/api/disableaccount', { id: account.id }));
      expect(refused(await other.http.post('/api/me').set('token', token).send({}), 3)).toBe('登录已失效，请重新登录');
    } finally {
      await other.close();
    }
  });

  it('should never disable the owner, nor oneself', async () => {
    const [self] = await t.sql<{ id: number }>(`SELECT id FROM admin_user WHERE role = 'owner'`);
    expect(refused(await call(owner, '/api/disableaccount', { id: self!.id }), 1)).toBe('不能停用自己的账号');
    const admin = await createAccount(t, 'admin');
    const adminToken = await signedIn(t, admin);
    expect(refused(await call(adminToken, '/api/disableaccount', { id: self!.id }), 1)).toBe('不能停用所有者');
    expect(refused(await call(adminToken, '/api/disableaccount', { id: admin.id }), 1)).toBe('不能停用自己的账号');
    ok(await call(owner, '/api/me'));
  });
});

describe('handing the ownership over', () => {
  it('should refuse everybody but the owner (code 3)', async () => {
    const admin = await createAccount(t, 'admin');
    const adminToken = await signedIn(t, admin);
    expect(refused(await call(adminToken, '/api/transferownership', { id: admin.id }), 3)).toBe(NO_PERMISSION);
  });

  it('should refuse a disabled account and oneself', async () => {
    const editor = await createAccount(t, 'editor');
    ok(await call(owner, '/api/disableaccount', { id: editor.id }));
    expect(refused(await call(owner, '/api/transferownership', { id: editor.id }), 1)).toBe('只能转让给已启用的账号');
    const [self] = await t.sql<{ id: number }>(`SELECT id FROM admin_user WHERE role = 'owner'`);
    expect(refused(await call(owner, '/api/transferownership', { id: self!.id }), 1)).toBe('你已经是所有者');
  });

  it('should make the other account the owner and the owner an administrator', async () => {
    const heir = await createAccount(t, 'editor');
    const heirToken = await signedIn(t, heir);
    ok(await call(owner, '/api/transferownership', { id: heir.id }));
    const roles = await t.sql<{ email: string; role: string }>(
      `SELECT email, role FROM admin_user WHERE role IN ('owner', 'admin') AND email IN ($1, $2) ORDER BY role`,
      [TEST_ADMIN.email, heir.email],
    );
    expect(roles).toEqual([
      { email: TEST_ADMIN.email, role: 'admin' },
      { email: heir.email, role: 'owner' },
    ]);
    // Both sessions go on with their new roles.
    expect(ok<AccountSelf>(await call(heirToken, '/api/me')).role).toBe('owner');
    expect(refused(await call(owner, '/api/transferownership', { id: heir.id }), 3)).toBe(NO_PERMISSION);
    // The new owner cannot be demoted or disabled by the old one.
    expect(refused(await call(owner, '/api/disableaccount', { id: heir.id }), 1)).toBe('不能停用所有者');

    // And hands it back.
    const [self] = await t.sql<{ id: number }>('SELECT id FROM admin_user WHERE email = $1', [TEST_ADMIN.email]);
    ok(await call(heirToken, '/api/transferownership', { id: self!.id }));
    expect(ok<AccountSelf>(await call(owner, '/api/me')).role).toBe('owner');
  });
});
