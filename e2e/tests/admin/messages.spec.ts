import { expect, test } from '@playwright/test';
import { confirmWith, loginAs, openScreen } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { directUrl, mainUrl, mountedRemote, ownAddress } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 }, extraHTTPHeaders: ownAddress('admin/messages') });

test.describe('back-office messages', () => {
  test('leads from the mobile contact form should be listed newest first, marked read and deleted', async ({
    page,
    browser,
    request,
  }) => {
    const stamp = Date.now() % 100000;
    const phone = await browser.newContext({
      userAgent: MOBILE_UA,
      viewport: { width: 375, height: 740 },
      extraHTTPHeaders: ownAddress('admin/messages'),
    });
    const mobile = await phone.newPage();
    await mobile.goto(mainUrl('/move/about.html'));
    await mountedRemote(mobile);
    await mobile.getByLabel('姓名').fill(`陈女士${stamp}`);
    await mobile.getByLabel('电话').fill('13900139000');
    await mobile.getByLabel('邮箱').fill('chen@example.com');
    await mobile.getByLabel('留言内容').fill('我们是连锁餐饮品牌，想做一个点餐小程序，请联系我。');
    await mobile.getByTestId('lead-form').getByRole('button', { name: '提交留言' }).click();
    await expect(mobile.getByTestId('lead-outcome')).toHaveText('提交成功，我们会尽快与您联系');
    await phone.close();
    // A second, newer lead.
    const later = await request.post(directUrl('/api/leaveword'), {
      data: { name: `王先生${stamp}`, phone: '0755-86001234', content: '官网改版，预算五万左右。' },
    });
    expect((await later.json()) as object).toMatchObject({ code: 0 });

    await loginAs(page);
    await openScreen(page, '留言管理');
    const rows = page.getByRole('row', { name: new RegExp(`(陈女士|王先生)${stamp}`) });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(`王先生${stamp}`);
    await expect(rows.nth(1)).toContainText(`陈女士${stamp}`);
    await expect(rows.nth(1)).toContainText('13900139000');
    await expect(rows.nth(1)).toContainText('未读');

    // The whole message opens under its row; marking it read sticks after a reload.
    await rows
      .nth(1)
      .getByRole('button', { name: /展开行|Expand row/ })
      .click();
    await expect(page.getByText('我们是连锁餐饮品牌，想做一个点餐小程序，请联系我。').last()).toBeVisible();
    await rows.nth(1).getByRole('button', { name: '标为已读' }).click();
    await expect(rows.nth(1)).toContainText('已读');
    await page.reload();
    await expect(rows.nth(1)).toContainText('已读');
    await expect(rows.nth(1).getByRole('button', { name: '标为已读' })).toHaveCount(0);

    // Search, then delete both.
    await page.getByPlaceholder('姓名、电话或内容').fill(`陈女士${stamp}`);
    await page.getByPlaceholder('姓名、电话或内容').press('Enter');
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button', { name: '删除' }).click();
    await confirmWith(page, '删除');
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await page.getByPlaceholder('姓名、电话或内容').fill('');
    await page.getByPlaceholder('姓名、电话或内容').press('Enter');
    await rows.first().getByRole('button', { name: '删除' }).click();
    await confirmWith(page, '删除');
    await expect(rows).toHaveCount(0);
  });
});
