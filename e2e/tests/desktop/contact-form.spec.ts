import { expect, test, type Page } from '@playwright/test';
import type { AdminList, Message } from '@site/shared-types';
import { adminCall, apiToken } from '../../support/admin';
import { answerCalls } from '../../support/api';
import { mainUrl, mountedRemote, ownAddress } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 }, extraHTTPHeaders: ownAddress('desktop/contact-form') });

function recordLeads(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/leaveword') bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** The form is on screen below the sticky navigation, and so is its section's heading 联系我们. */
async function expectFormInView(page: Page): Promise<void> {
  const form = page.getByTestId('lead-form');
  await expect(form).toBeInViewport();
  const header = (await page.locator('header').first().boundingBox())!;
  const title = (await page.getByRole('heading', { name: '在线留言' }).boundingBox())!;
  expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(title.y + title.height).toBeLessThanOrEqual(900);
  const section = (await page.locator('main').getByRole('heading', { level: 2, name: '联系我们' }).boundingBox())!;
  expect(section.y, 'the heading 联系我们 below the navigation').toBeGreaterThanOrEqual(header.y + header.height);
}

test.describe('desktop contact form', () => {
  test('the footer should link 在线留言 to the form on the about page, from any page', async ({ page }) => {
    await page.goto(mainUrl('/itemnews.html'));
    await mountedRemote(page);
    const link = page.locator('footer').getByRole('link', { name: '在线留言' });
    await expect(link).toHaveAttribute('href', '/about.html#message');
    await link.click();
    await expect(page).toHaveURL(mainUrl('/about.html#message'));
    await expectFormInView(page);

    // Followed again from the about page itself (scrolled elsewhere), it goes back to the form.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('footer').getByRole('link', { name: '在线留言' }).click();
    await expectFormInView(page);

    // And as an address opened directly.
    await page.goto(mainUrl('/about.html#message'));
    await mountedRemote(page);
    await expectFormInView(page);
  });

  test('should check the fields with clear messages before sending anything', async ({ page }) => {
    const leads = recordLeads(page);
    await page.goto(mainUrl('/about.html#message'));
    await mountedRemote(page);
    const form = page.getByTestId('lead-form');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByText('请填写姓名')).toBeVisible();
    await expect(form.getByText('请填写电话')).toBeVisible();
    await expect(form.getByText('请填写留言内容')).toBeVisible();
    await expect(form.getByLabel('姓名')).toBeFocused();
    await expect(form.getByLabel('姓名')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('姓名').fill('李经理');
    // An edited field's message goes at once.
    await expect(form.getByText('请填写姓名')).toHaveCount(0);
    await form.getByLabel('电话').fill('0755-1');
    await form.getByLabel('邮箱').fill('li@');
    await form.getByLabel('留言内容').fill('咨询小程序开发。');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByText('请填写正确的手机号或固定电话')).toBeVisible();
    await expect(form.getByText('请填写正确的邮箱地址')).toBeVisible();
    await expect(form.getByLabel('电话')).toBeFocused();
    expect(leads).toHaveLength(0);
  });

  test('a visitor should send a lead that the back office lists, and see that it was sent', async ({
    page,
    request,
  }) => {
    const leads = recordLeads(page);
    const stamp = Date.now().toString(36);
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    const form = page.getByTestId('lead-form');
    await form.getByLabel('姓名').fill(`周总${stamp}`);
    await form.getByLabel('电话').fill('0755-86001234');
    await form.getByLabel('邮箱').fill('zhou@example.com');
    await form.getByLabel('地址').fill('深圳市福田区');
    await form.getByLabel('留言内容').fill('集团官网改版，希望下月启动。');
    await form.getByRole('button', { name: '提交留言' }).dblclick();

    const outcome = page.getByTestId('lead-outcome');
    await expect(outcome).toContainText('提交成功，我们会尽快与您联系');
    await expect(outcome).toBeFocused();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: `周总${stamp}`, page: '/about.html' });
    expect(leads[0]!.website).toBeUndefined();

    const token = await apiToken(request);
    const stored = await adminCall<AdminList<Message>>(request, token, '/api/leavewords', { search: `周总${stamp}` });
    expect(stored.list.data).toHaveLength(1);
    expect(stored.list.data[0]).toMatchObject({
      name: `周总${stamp}`,
      phone: '0755-86001234',
      email: 'zhou@example.com',
      address: '深圳市福田区',
      content: '集团官网改版，希望下月启动。',
      page: '/about.html',
      read: false,
    });

    // 继续留言 brings back an empty form.
    await outcome.getByRole('link', { name: '继续留言' }).click();
    await expect(form.getByLabel('姓名')).toHaveValue('');
    await expect(form.getByLabel('留言内容')).toHaveValue('');
  });

  test("should show the server's refusal, such as its rate limit, and keep what was typed", async ({ page }) => {
    // The server's own words when an address has sent too many (messages.service.ts).
    await answerCalls(page, '**/api/leaveword', { code: 1, msg: '提交过于频繁，请稍后再试', data: null });
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    const form = page.getByTestId('lead-form');
    await form.getByLabel('姓名').fill('访客');
    await form.getByLabel('电话').fill('13800138000');
    await form.getByLabel('留言内容').fill('你好');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByTestId('lead-outcome')).toHaveText('提交过于频繁，请稍后再试');
    await expect(form.getByLabel('姓名')).toHaveValue('访客');
    await expect(form.getByRole('button', { name: '提交留言' })).toBeEnabled();
  });
});
