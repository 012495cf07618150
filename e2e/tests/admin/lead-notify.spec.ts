import { expect, test } from '@playwright/test';
import { loginAs, openScreen } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { LeadInbox, robotTexts } from '../../support/lead-inbox';
import { mainUrl, mountedRemote, ownAddress, robotPort } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 }, extraHTTPHeaders: ownAddress('admin/lead-notify') });

const inbox = new LeadInbox();
test.beforeAll(() => inbox.start());
test.afterAll(() => inbox.stop());

test.describe('lead notifications', () => {
  test('a lead left on the phone site should arrive by mail and by the group robot, and be exported', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now() % 100000;
    await loginAs(page);
    await openScreen(page, '通知设置');

    // The mail channel: a real SMTP server with a login, plain SMTP on loopback.
    const email = page.getByTestId('notify-email');
    // Set rather than toggled, so that a retry on this server, which keeps what the first try saved, starts alike.
    await email.getByRole('switch', { name: '启用邮件通知' }).setChecked(true);
    await email.getByLabel('SMTP 服务器').fill('127.0.0.1');
    await email.getByLabel('端口').fill(String(inbox.smtpPort));
    await email.getByRole('switch', { name: '使用 SSL/TLS 连接' }).setChecked(false);
    await email.getByLabel('邮箱账号').fill(inbox.account.user);
    await email.getByLabel('密码或授权码').fill(inbox.account.password);
    await email.getByLabel('收件人').fill('boss@yunfan.example.com\nsales2@yunfan.example.com');
    // The WeCom robot.
    const wecom = page.getByTestId('notify-wecom');
    await wecom.getByRole('switch', { name: '启用企业微信群机器人通知' }).setChecked(true);
    await wecom
      .getByLabel('Webhook 地址')
      .fill(`http://127.0.0.1:${robotPort()}/cgi-bin/webhook/send?key=e2e-key-7788`);
    await page.getByRole('button', { name: '保存设置' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    // The secrets are not shown again: only that they are set.
    await expect(email.getByLabel('密码或授权码')).toHaveValue('');
    await expect(email.getByLabel('密码或授权码')).toHaveAttribute('placeholder', '已设置密码，留空则保持不变');
    await expect(wecom.getByText('已设置（…7788）')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(inbox.account.password);

    // A test send reaches the mailbox at once.
    await email.getByRole('button', { name: '发送测试' }).click();
    await expect(page.getByText('邮件测试通知已发送')).toBeVisible();
    expect(inbox.mails.at(-1)).toMatchObject({
      subject: '网站新留言：测试通知 13800000000',
      to: ['boss@yunfan.example.com', 'sales2@yunfan.example.com'],
    });

    // A visitor leaves a message on the phone site.
    const phone = await browser.newContext({
      userAgent: MOBILE_UA,
      viewport: { width: 375, height: 740 },
      extraHTTPHeaders: ownAddress('admin/lead-notify'),
    });
    const mobile = await phone.newPage();
    await mobile.goto(mainUrl('/move/about.html'));
    await mountedRemote(mobile);
    await mobile.getByLabel('姓名').fill(`周经理${stamp}`);
    await mobile.getByLabel('电话').fill('13700137000');
    await mobile.getByLabel('留言内容').fill('我们想做一个带会员系统的官网，下周可以面谈。');
    await mobile.getByTestId('lead-form').getByRole('button', { name: '提交留言' }).click();
    await expect(mobile.getByTestId('lead-outcome')).toHaveText('提交成功，我们会尽快与您联系');
    await phone.close();

    // It arrives by mail and in the robot's group within seconds.
    await expect
      .poll(() => inbox.mails.find((mail) => mail.subject.includes(`周经理${stamp}`))?.text ?? '', { timeout: 15_000 })
      .toContain('留言内容：我们想做一个带会员系统的官网，下周可以面谈。');
    await expect
      .poll(async () => (await robotTexts()).find((text) => text.includes(`周经理${stamp}`)) ?? '', { timeout: 15_000 })
      .toContain('电话：13700137000');

    // The screen lists both deliveries as successful.
    await page.reload();
    await mountedRemote(page);
    const delivered = page.getByRole('row', { name: new RegExp(`周经理${stamp}`) });
    // The screen reads the list again every 10 s: the answers are written a moment after the channels took them.
    await expect(delivered).toHaveCount(2, { timeout: 20_000 });
    await expect(delivered.filter({ hasText: '邮件' })).toContainText('成功');
    await expect(delivered.filter({ hasText: '企业微信群机器人' })).toContainText('成功');

    // 留言管理 shows it unread in the side menu, and exports it.
    const badge = page.getByTestId('unread-badge');
    await expect(badge).toBeVisible();
    const unread = Number(await badge.getAttribute('title').then((title) => /\d+/.exec(title ?? '')?.[0]));
    expect(unread).toBeGreaterThan(0);
    await openScreen(page, '留言管理');
    const row = page.getByRole('row', { name: new RegExp(`周经理${stamp}`) });
    await row.getByRole('button', { name: '标为已读' }).click();
    if (unread > 1) await expect(badge).toHaveAttribute('title', `${unread - 1} 条未读留言`);
    else await expect(badge).toHaveCount(0);

    await page.getByPlaceholder('姓名、电话或内容').fill(`周经理${stamp}`);
    await page.getByPlaceholder('姓名、电话或内容').press('Enter');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^留言-\d{8}-\d{4}\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv as Buffer[]).toString('utf8');
    expect(text.split('\r\n')[1]).toContain(`"周经理${stamp}","13700137000"`);
  });
});
