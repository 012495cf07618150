import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type { AccountsOverview, InviteResult } from '@site/shared-types';
import { expectAccessible } from '../../support/accessibility';
import { adminCall, apiToken, confirmWith, loginAs, md5, openScreen } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { directUrl, mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** The side menu's entries an editor has: everything but the owner's and administrators' screens. */
const EDITOR_SCREENS = [
  '菜单管理',
  '案例管理',
  '文章管理',
  '修改密码',
  '关键词管理',
  '页头设置',
  '页脚设置',
  '首页设置',
  '关于我们',
  '联系方式',
  '留言管理',
  '媒体库',
  '账号安全',
];

/** An account of the given role, made through an invitation the administrator sends and the person accepts. */
async function teamAccount(
  request: APIRequestContext,
  role: 'admin' | 'editor' | 'contributor',
  name: string,
): Promise<{ email: string; password: string; name: string }> {
  const token = await apiToken(request);
  const email = `${role}-${Date.now()}@yunfan.example.com`;
  const password = `E2E-${role}-2026`;
  const invited = await adminCall<InviteResult>(request, token, '/api/inviteaccount', { email, name, role });
  const invitation = new URL(invited.link).searchParams.get('token');
  await adminCall(request, '', '/api/acceptinvitation', { token: invitation, name, password: md5(password) });
  return { email, password, name };
}

/** Fills the login card and sends it (the caller says what should follow). */
async function fillLogin(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto(mainUrl('/admin/'));
  await mountedRemote(page);
  await page.getByLabel('邮箱').fill(account.email);
  await page.getByLabel('密码').fill(account.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** The side menu's entries, in order. */
const menuEntries = (page: Page) =>
  page.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem').allInnerTexts();

/** Checks a screen with axe at 1366 px and at 390 px, and keeps a screenshot of each. */
async function bothWidths(page: Page, testInfo: TestInfo, name: string, ready: () => Promise<void>): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await ready();
    await expectAccessible(page, `${name} at ${width} px`);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The authenticator's code for the secret, `ahead` periods of 30 s from now. */
function totp(secret: string, ahead = 0): string {
  const otp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return otp.generate({ timestamp: Date.now() + ahead * 30_000 });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  return context.newPage();
}

test.describe('the team in the back office', () => {
  test('the owner should invite an editor by link, who accepts, signs in and sees only the editor’s screens', async ({
    browser,
    page,
  }, testInfo) => {
    const stamp = Date.now();
    const email = `invited-${stamp}@yunfan.example.com`;
    const name = `编辑${stamp % 10000}`;
    const password = `E2E-invited-${stamp}`;

    await loginAs(page);
    await expect(page.getByTestId('account-who')).toContainText('所有者');
    await openScreen(page, '账号管理');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('账号管理');
    const accounts = page.getByRole('table').first();
    await expect(accounts.getByRole('row', { name: /admin@yunfan\.example\.com/ })).toContainText('我');

    await page.getByRole('button', { name: '邀请成员' }).click();
    const dialog = page.getByRole('dialog', { name: '邀请成员' });
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    await expect(dialog.getByText('请填写邮箱')).toBeVisible();
    await dialog.getByLabel('邮箱').fill(email);
    await dialog.getByLabel('姓名').fill(name);
    await expect(dialog.getByTitle('编辑', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    // Whether mail goes out depends on 通知设置, which other tests change: either way the link is there to copy.
    await expect(dialog.getByText(/^邀请邮件(未发送|已发送至)/)).toBeVisible();
    const link = await dialog.getByLabel(/邀请链接/).inputValue();
    expect(link).toMatch(/\/admin\/invite\?token=/);
    await expectAccessible(page, 'the invitation dialog with its link', '.ant-modal-wrap');
    await page.screenshot({ path: testInfo.outputPath('invite-dialog-1366.png') });
    await dialog.getByRole('button', { name: '完成' }).click();
    const open = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(open).toContainText('编辑');

    await bothWidths(page, testInfo, 'accounts', async () => {
      await expect(page.getByRole('button', { name: '邀请成员' })).toBeVisible();
      await expect(page.getByRole('checkbox', { name: '撰稿' })).toBeVisible();
    });

    // The invited person opens the link in a browser of their own.
    const invited = await newPage(browser);
    await invited.goto(mainUrl(new URL(link).pathname + new URL(link).search));
    await mountedRemote(invited);
    await expect(invited.getByText(email)).toBeVisible();
    await expect(invited.getByLabel('姓名')).toHaveValue(name);
    await bothWidths(invited, testInfo, 'invitation', async () => {
      await expect(invited.getByRole('button', { name: '接受邀请并登录' })).toBeVisible();
    });
    await invited.getByLabel('密码', { exact: true }).fill(password);
    await invited.getByLabel('确认密码').fill(`${password}x`);
    await invited.getByRole('button', { name: '接受邀请并登录' }).click();
    await expect(invited.getByText('两次输入的密码不一致')).toBeVisible();
    await invited.getByLabel('确认密码').fill(password);
    await invited.getByRole('button', { name: '接受邀请并登录' }).click();
    await expect(invited).toHaveURL(mainUrl('/admin/index/case'));
    await expect(invited.getByTestId('account-who')).toContainText(name);
    await expect(invited.getByTestId('account-who')).toContainText('编辑');
    await expect.poll(() => menuEntries(invited)).toEqual(EDITOR_SCREENS);

    // A screen of the administrators, opened by its address, is not shown (its calls would be refused).
    await invited.goto(mainUrl('/admin/index/accounts'));
    await mountedRemote(invited);
    await expect(invited.getByText('没有权限')).toBeVisible();
    await expect(invited).toHaveURL(mainUrl('/admin/index/accounts'));

    // Signed out, the editor signs in with the new password.
    await invited.getByRole('button', { name: '退出登录' }).click();
    await expect(invited).toHaveURL(mainUrl('/admin/'));
    await fillLogin(invited, { email, password });
    await expect(invited).toHaveURL(mainUrl('/admin/index/case'));
    await expect.poll(() => menuEntries(invited)).toEqual(EDITOR_SCREENS);

    // The link was used: it opens nothing now, and the invitation left the owner's list.
    const again = await newPage(browser);
    await again.goto(mainUrl(new URL(link).pathname + new URL(link).search));
    await mountedRemote(again);
    await expect(again.getByText('邀请链接无效', { exact: true })).toBeVisible();
    await page.reload();
    // One row now: the account's; the invitation's is gone.
    await expect(open).toHaveCount(1);
    await expect(open).toContainText('正常');
    await Promise.all([invited.context().close(), again.context().close()]);
  });

  test('an owner should change a role, disable and enable an account, and cancel an invitation', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    const member = await teamAccount(request, 'contributor', `撰稿${stamp % 10000}`);
    const token = await apiToken(request);
    const pending = `pending-${stamp}@yunfan.example.com`;
    await adminCall(request, token, '/api/inviteaccount', { email: pending, name: '待定', role: 'editor' });

    await loginAs(page);
    await openScreen(page, '账号管理');
    const row = page.getByRole('row', { name: new RegExp(member.email.replace(/\./g, '\\.')) });
    await row.getByLabel(`${member.name}的角色`).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('编辑', { exact: true }).click();
    await expect(page.getByText(`已将${member.name}的角色改为编辑`)).toBeVisible();
    const overview = await adminCall<AccountsOverview>(request, token, '/api/accounts');
    expect(overview.accounts.find((account) => account.email === member.email)?.role).toBe('editor');

    await row.getByRole('button', { name: `停用${member.name}` }).click();
    await confirmWith(page, '停用');
    await expect(row.getByText('已停用')).toBeVisible();
    const refused = await request.post(directUrl('/api/login'), {
      data: { email: member.email, password: md5(member.password) },
    });
    expect(((await refused.json()) as { code: number }).code).not.toBe(0);
    await row.getByRole('button', { name: `启用${member.name}` }).click();
    await expect(row.getByText('正常')).toBeVisible();

    const invitation = page.getByRole('row', { name: new RegExp(pending.replace(/\./g, '\\.')) });
    await invitation.getByRole('button', { name: `撤销对${pending}的邀请` }).click();
    await confirmWith(page, '撤销');
    await expect(invitation).toHaveCount(0);
  });

  test('two-step sign-in: set up with the QR code’s secret, then sign in with a code, then with a recovery code', async ({
    browser,
    request,
  }, testInfo) => {
    // Five sign-ins, five screens at two widths and an accessibility check: over a minute on a busy machine.
    test.setTimeout(180_000);
    const stamp = Date.now();
    const account = await teamAccount(request, 'admin', `管理员${stamp % 10000}`);
    // A second device, signed in through the API: 登录设备 lists it, with 结束.
    const other = await request.post(directUrl('/api/login'), {
      data: { email: account.email, password: md5(account.password) },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1' },
    });
    const otherToken = ((await other.json()) as { data: { token: string } }).data.token;

    const page = await newPage(browser);
    await fillLogin(page, account);
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));
    await openScreen(page, '账号安全');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('账号安全');
    const devices = page.getByRole('table');
    await expect(devices.getByText('当前设备')).toBeVisible();
    // This browser, the phone, and the session the invitation's acceptance began.
    await expect(devices.getByRole('button', { name: /^结束/ })).toHaveCount(2);
    await bothWidths(page, testInfo, 'security', async () => {
      await expect(page.getByRole('button', { name: '开启两步验证' })).toBeVisible();
      await expect(devices.getByText('当前设备')).toBeVisible();
    });
    await devices.getByRole('button', { name: /^结束.*iOS/ }).click();
    await confirmWith(page, '结束');
    await expect(devices.getByRole('button', { name: /^结束/ })).toHaveCount(1);
    await expect(devices.getByText(/iOS/)).toHaveCount(0);
    const ended = await request.post(directUrl('/api/sessions'), { headers: { token: otherToken } });
    expect(((await ended.json()) as { code: number }).code).toBe(3);

    // Setting up: the QR code, the secret to type in, a code from the "app".
    await page.getByRole('button', { name: '开启两步验证' }).click();
    await expect(page.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
    const secret = (await page.getByTestId('two-step-secret').innerText()).trim();
    await page.getByLabel('验证码', { exact: true }).fill('000000');
    await page.getByRole('button', { name: '确认开启' }).click();
    await expect(page.getByRole('button', { name: '确认开启' })).toBeVisible();
    await bothWidths(page, testInfo, 'security-setup', async () => {
      await expect(page.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
    });
    await page.getByLabel('验证码', { exact: true }).fill(totp(secret));
    await page.getByRole('button', { name: '确认开启' }).click();
    const codesDialog = page.getByRole('dialog', { name: '恢复码' });
    const codeItems = codesDialog.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codeItems).toHaveCount(10);
    const codes = await codeItems.allInnerTexts();
    await bothWidths(page, testInfo, 'recovery-codes', async () => {
      await expect(codesDialog.getByRole('button', { name: '下载为文本文件' })).toBeVisible();
    });
    const download = page.waitForEvent('download');
    await codesDialog.getByRole('button', { name: '下载为文本文件' }).click();
    expect((await download).suggestedFilename()).toBe('恢复码.txt');
    await codesDialog.getByRole('button', { name: '我已保存' }).click();
    await expect(page.getByTestId('two-step-card').getByText('已开启')).toBeVisible();
    await bothWidths(page, testInfo, 'security-on', async () => {
      await expect(page.getByRole('button', { name: '关闭两步验证' })).toBeVisible();
    });

    // Signed out, the password alone is not enough: the card asks for the code.
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(mainUrl('/admin/'));
    await fillLogin(page, account);
    const code = page.getByLabel('验证码');
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(mainUrl('/admin/'));
    await expectAccessible(page, 'the login card asking for the code');
    await page.screenshot({ path: testInfo.outputPath('login-code-1366.png') });
    // The next period's code: the one of this period was used to set up (a code is taken once).
    await code.fill(totp(secret, 1));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));
    await expect(page.getByText('登陆成功')).toBeVisible();

    // Once more, with a recovery code instead of the app.
    await page.getByRole('button', { name: '退出登录' }).click();
    await fillLogin(page, account);
    await expect(code).toBeVisible();
    await code.fill(codes[0]!);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));

    // A recovery code works once.
    await page.getByRole('button', { name: '退出登录' }).click();
    await fillLogin(page, account);
    await code.fill(codes[0]!);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(mainUrl('/admin/'));
    await expect(code).toHaveValue('');
    await page.context().close();
  });

  test('an account whose role must use two-step sign-in should first be sent to set it up', async ({
    browser,
    request,
  }) => {
    // Administrators: no other file's tests sign one in, so the policy cannot reach a test running beside this one.
    const stamp = Date.now();
    const account = await teamAccount(request, 'admin', `管理员${stamp % 10000}`);
    const token = await apiToken(request);
    await adminCall(request, token, '/api/twosteppolicy', { roles: ['admin'] });
    try {
      const page = await newPage(browser);
      await fillLogin(page, account);
      await expect(page).toHaveURL(mainUrl('/admin/index/security'));
      await expect(page.getByText('你的账号需要先开启两步验证')).toBeVisible();
      await expect(page.getByText('你的角色要求开启两步验证')).toBeVisible();
      await expect.poll(() => menuEntries(page)).toEqual(['修改密码', '账号安全']);
      await page.context().close();
    } finally {
      await adminCall(request, token, '/api/twosteppolicy', { roles: [] });
    }
  });

  test('a call the role may not make (yet) should be refused without signing the person out', async ({
    browser,
    request,
  }) => {
    const stamp = Date.now();
    const account = await teamAccount(request, 'admin', `管理员${stamp % 10000}`);
    const token = await apiToken(request);
    const page = await newPage(browser);
    await fillLogin(page, account);
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));
    // Meanwhile the owner makes two-step sign-in required for administrators: the next call is refused (code 3).
    await adminCall(request, token, '/api/twosteppolicy', { roles: ['admin'] });
    try {
      await page.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem', { name: '文章管理' }).click();
      // Each refused call of the screen says so; one notice is enough to see.
      await expect(page.getByText('你的角色要求两步验证，请先在「账号安全」中设置两步验证').first()).toBeVisible();
      await expect(page).not.toHaveURL(mainUrl('/admin/'));
      expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeTruthy();
      // The person is still signed in: their own screens work.
      await page.getByRole('navigation', { name: '后台菜单' }).getByRole('menuitem', { name: '账号安全' }).click();
      await expect(page).toHaveURL(mainUrl('/admin/index/security'));
      await expect(page.getByTestId('two-step-card')).toBeVisible();
    } finally {
      await adminCall(request, token, '/api/twosteppolicy', { roles: [] });
      await page.context().close();
    }
  });

  test('a contributor should see their own screens only', async ({ browser, request }) => {
    const account = await teamAccount(request, 'contributor', `撰稿${Date.now() % 10000}`);
    const page = await newPage(browser);
    await fillLogin(page, account);
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));
    await expect.poll(() => menuEntries(page)).toEqual(['案例管理', '文章管理', '修改密码', '账号安全']);
    await expect(page.getByTestId('account-who')).toContainText('撰稿');
    // What needs an editor is not offered: deleting, and picking from the media library (uploading is).
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^删除/ })).toHaveCount(0);
    await page.getByRole('button', { name: '新增案例' }).click();
    const dialog = page.getByRole('dialog', { name: '新增案例' });
    await expect(dialog.getByRole('button', { name: '上传封面图' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /从媒体库/ })).toHaveCount(0);
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));
    await page.context().close();
  });

  test('the audit log should list, filter and page the records, and export them', async ({ page }, testInfo) => {
    await loginAs(page);
    await openScreen(page, '操作日志');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('操作日志');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await bothWidths(page, testInfo, 'audit', async () => {
      await expect(page.getByRole('button', { name: '导出 CSV' })).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    });

    // Only the sign-ins.
    await page.getByLabel('操作', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('登录', { exact: true }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText('登录');
    // The rows of the unfiltered list may still show for a moment: wait until every row is a sign-in.
    const operations = () => table.locator('tbody tr.ant-table-row td:nth-child(4)').allInnerTexts();
    await expect.poll(async () => (await operations()).every((text) => text === '登录')).toBe(true);
    await expect(page.getByRole('button', { name: '上一页' })).toBeDisabled();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);

    await page.getByRole('button', { name: '重置' }).click();
    const next = page.getByRole('button', { name: '下一页' });
    if (await next.isEnabled()) {
      await next.click();
      await expect(page.getByText('第 2 页')).toBeVisible();
      await expect(page.getByRole('button', { name: '上一页' })).toBeEnabled();
    }
  });

  test('the phone layout of the back office should show who is signed in', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: MOBILE_UA });
    const page = await context.newPage();
    await loginAs(page);
    await expect(page.getByTestId('account-who')).toContainText('所有者');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
