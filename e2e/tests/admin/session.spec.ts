import { expect, test } from '@playwright/test';
import { ADMIN, adminCall, apiToken, loginAs, md5 } from '../../support/admin';
import { mainUrl, mountedRemote } from '../../support/site';

test.describe('back-office login and session', () => {
  test('should check the fields on blur and ask for account and password when they are missing', async ({ page }) => {
    await page.goto(mainUrl('/admin/'));
    await mountedRemote(page);
    await page.getByLabel('邮箱').focus();
    await page.getByLabel('密码').focus();
    await expect(page.getByText('邮箱不能为空')).toBeVisible();
    await page.getByLabel('邮箱').focus();
    await expect(page.getByText('密码不能为空')).toBeVisible();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('请输入账号和密码')).toBeVisible();
  });

  test('the login page should not fetch the back office itself; each screen comes when it is opened', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.split('/').pop()!);
    });
    await page.goto(mainUrl('/admin/'));
    await mountedRemote(page);
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    expect(scripts.some((name) => name.startsWith('remoteEntry.'))).toBe(true);
    expect(scripts.filter((name) => name.startsWith('frame.') || name.startsWith('screen-'))).toEqual([]);

    await page.getByLabel('邮箱').fill(ADMIN.email);
    await page.getByLabel('密码').fill(ADMIN.password);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));
    await expect(page.getByRole('menuitem', { name: '关键词管理' })).toBeVisible();
    expect(scripts.some((name) => name.startsWith('frame.'))).toBe(true);
    await expect
      .poll(() => scripts.filter((name) => name.startsWith('screen-')))
      .toEqual([expect.stringMatching(/^screen-cases\./)]);

    await page.getByRole('menuitem', { name: '关键词管理' }).click();
    await expect(page).toHaveURL(mainUrl('/admin/index/keywords'));
    await expect.poll(() => scripts.filter((name) => name.startsWith('screen-')).length).toBe(2);
    expect(scripts.some((name) => name.startsWith('screen-keywords.'))).toBe(true);
  });

  test('the login card should have no close button (there is nothing behind it to go back to)', async ({ page }) => {
    await page.goto(mainUrl('/admin/'));
    await mountedRemote(page);
    const card = page.getByRole('dialog', { name: '管理员登录' });
    await expect(card.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    // Its only buttons: the password's 明文显示 and 登录.
    await expect(card.getByRole('button')).toHaveCount(2);
    await expect(card.getByRole('button', { name: '明文显示' })).toBeVisible();
    await expect(page.getByRole('link')).toHaveCount(0);
  });

  test('a wrong password should be refused with the server message, and too many with the throttling one', async ({
    page,
  }) => {
    await page.goto(mainUrl('/admin/'));
    await mountedRemote(page);
    // Another account than the real one, so the throttle does not lock the other tests out.
    // One per run: a retry on the same server starts unthrottled.
    await page.getByLabel('邮箱').fill(`intruder-${Date.now()}@yunfan.example.com`);
    await page.getByLabel('密码').fill('guess-1');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByTestId('notices')).toContainText('邮箱或密码错误');
    // Enter in the password field submits too.
    for (let attempt = 2; attempt <= 6; attempt++) {
      await page.getByLabel('密码').fill(`guess-${attempt}`);
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login');
      await page.getByLabel('密码').press('Enter');
      await answered;
    }
    await expect(page.getByTestId('notices')).toContainText(/登录失败次数过多，请 \d+ 分钟后再试/);
    await expect(page).toHaveURL(mainUrl('/admin/'));
  });

  test('should log in with the MD5 of the password, keep the token for the tab, and log out', async ({ page }) => {
    const sent: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) sent.push(request.postDataJSON());
    });
    await loginAs(page);
    expect(sent.at(-1)).toEqual({ email: ADMIN.email, password: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(JSON.stringify(sent)).not.toContain(ADMIN.password);
    await expect(page.getByText('登陆成功')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/.{20,}/);
    await expect(page.getByRole('navigation', { name: '后台菜单' })).toContainText('案例管理');

    // The default child is case; a reload keeps the session.
    await page.goto(mainUrl('/admin/index'));
    await expect(page).toHaveURL(mainUrl('/admin/index/case'));

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByText('退出成功！')).toBeVisible();
    await expect(page).toHaveURL(mainUrl('/admin/'));
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('entering the shell without a token should go to the login', async ({ page }) => {
    await page.goto(mainUrl('/admin/index/article'));
    await mountedRemote(page);
    await expect(page).toHaveURL(mainUrl('/admin/'));
  });

  test('an unknown screen should show the not-found page inside the frame', async ({ page }) => {
    await loginAs(page);
    const response = await page.goto(mainUrl('/admin/index/no-such-screen'));
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '后台菜单' })).toBeVisible();
  });

  test('a revoked session should send the user back to the login with the message', async ({ page, request }) => {
    await loginAs(page);
    // The screen's first list is in, so the next call is the one after the reload.
    await expect(page.getByRole('button', { name: '编辑' }).first()).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    // The session ends elsewhere (logout from another place).
    await adminCall(request, token!, '/api/quit');
    // The next call of the screen (here: its list, on a reload) is refused with code 3.
    await page.reload();
    await expect(page.getByTestId('notices')).toContainText('登录已失效，请重新登录');
    await expect(page).toHaveURL(mainUrl('/admin/'));
  });

  test('changing the password should send the user to log in again with the new one', async ({ page, request }) => {
    await loginAs(page);
    await page.getByRole('navigation', { name: '后台菜单' }).getByText('修改密码').click();
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('原密码不能为空')).toBeVisible();
    await expect(page.getByText('请输入密码')).toBeVisible();
    await expect(page.getByText('请再次输入密码')).toBeVisible();
    await page.getByLabel('原密码').fill(ADMIN.password);
    await page.getByLabel('新密码', { exact: true }).fill('New-admin-2026');
    await page.getByLabel('确认新密码').fill('Other-admin-2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
    // A wrong original password is refused by the server, and the screen stays.
    await page.getByLabel('原密码').fill('Not-the-password');
    await page.getByLabel('确认新密码').fill('New-admin-2026');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByTestId('notices')).toContainText('原密码错误');
    await expect(page).toHaveURL(mainUrl('/admin/index/changepwd'));

    // Enter in the last field submits; all three leave the browser as their MD5 only.
    await page.getByLabel('原密码').fill(ADMIN.password);
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/modification');
    await page.getByLabel('确认新密码').press('Enter');
    expect((await sent).postDataJSON()).toEqual({
      old_password: md5(ADMIN.password),
      new_password: md5('New-admin-2026'),
      confirm_password: md5('New-admin-2026'),
    });
    await expect(page.getByText('修改成功，请重新登陆！')).toBeVisible();
    await expect(page).toHaveURL(mainUrl('/admin/'));
    try {
      await loginAs(page, 'New-admin-2026');
    } finally {
      // Put the password back for the other tests.
      const token = await apiToken(request, 'New-admin-2026');
      await adminCall(request, token, '/api/modification', {
        old_password: md5('New-admin-2026'),
        new_password: md5(ADMIN.password),
        confirm_password: md5(ADMIN.password),
      });
    }
  });
});
