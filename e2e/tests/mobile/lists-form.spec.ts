import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CASE_CLASSES, type ItemsData, type WebcaseCutData } from '@site/shared-types';
import { answerCalls, apiData, expectListCall, recordCalls } from '../../support/api';
import { MOBILE_UA } from '../../support/chromium';
import { directUrl, mainUrl, mountedRemote, ownAddress, scrollUntilAll } from '../../support/site';

test.use({
  userAgent: MOBILE_UA,
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: ownAddress('mobile/lists-form'),
});

/** The covers (`<img>` tags) of a mobile page's case list as the server's HTML gives them, in order. */
async function serverCovers(request: APIRequestContext, path: string): Promise<string[]> {
  const html = await (await request.get(directUrl(path), { headers: { 'user-agent': MOBILE_UA } })).text();
  const list = /data-testid="case-list"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
}

test.describe('mobile lists', () => {
  test('the case list should have shareable tabs and load 2 more at a time', async ({ page, request }) => {
    const calls = recordCalls(page, '/api/itemmore');
    const third = await apiData<WebcaseCutData>(request, '/api/webcasecut', { menu: 3 });
    await page.goto(mainUrl('/move/case.html?tab=3'));
    await mountedRemote(page);
    const tabs = page.getByTestId('case-tabs').getByRole('link');
    await expect(tabs).toHaveText(CASE_CLASSES.map((entry) => entry.name));
    await expect(tabs.nth(2)).toHaveAttribute('aria-current', 'page');
    const cards = page.getByTestId('case-list').getByRole('link');
    await expect(cards.first()).toHaveAttribute('href', `/move/details/${third.casecontent[0]!.id}.html`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => calls.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expectListCall(calls[0], { menu: 3, amount: 2, type: 2, page: 4 });
    await expect(cards).toHaveCount(Math.min(6, third.sum), { timeout: 5000 });

    await tabs.nth(1).click();
    await expect(page).toHaveURL(mainUrl('/move/case.html?tab=2'));
    await expect(tabs.nth(1)).toHaveAttribute('aria-current', 'page');
  });

  test('the lead case should span the screen and its first-screen covers load at once from the HTML', async ({
    page,
    request,
  }) => {
    const first = await apiData<WebcaseCutData>(request, '/api/webcasecut', { menu: CASE_CLASSES[0].id });
    const covers = await serverCovers(request, '/move/case.html');
    expect(covers.length).toBeGreaterThanOrEqual(3);
    // The lead cover and the row under it: fetched at once, the first two with high priority; the rest lazily.
    covers.slice(0, 3).forEach((cover) => expect(cover).toMatch(/loading="eager"/));
    covers.slice(0, 2).forEach((cover) => expect(cover).toMatch(/fetchPriority="high"/i));
    covers.slice(3).forEach((cover) => expect(cover).toMatch(/loading="lazy"/));

    await page.goto(mainUrl('/move/case.html'));
    await mountedRemote(page);
    const cards = page.getByTestId('case-list').locator('li');
    await expect(cards.first().getByRole('link')).toHaveAttribute(
      'href',
      `/move/details/${first.casecontent[0]!.id}.html`,
    );
    const [lead, second, third] = await Promise.all([0, 1, 2].map((index) => cards.nth(index).boundingBox()));
    const box = await page.getByTestId('case-list').boundingBox();
    expect(lead!.width).toBeCloseTo(box!.width, 0);
    // Below it, two by two.
    expect(second!.y).toBeGreaterThan(lead!.y + lead!.height - 1);
    expect(third!.y).toBeCloseTo(second!.y, 0);
    expect(third!.x).toBeGreaterThan(second!.x + second!.width - 1);
  });

  test('a service list should load 3 more at a time until the total', async ({ page, request }) => {
    const items = await apiData<ItemsData>(request, '/api/items', { menu: 5 });
    // Its first screen's two rows of covers are fetched at once from the HTML (the first two with high priority).
    const covers = await serverCovers(request, '/move/items/5.html');
    expect(covers.length).toBeGreaterThanOrEqual(4);
    covers.slice(0, 4).forEach((cover) => expect(cover).toMatch(/loading="eager"/));
    covers.slice(0, 2).forEach((cover) => expect(cover).toMatch(/fetchPriority="high"/i));
    covers.slice(2).forEach((cover) => expect(cover).not.toMatch(/fetchPriority/i));
    const calls = recordCalls(page, '/api/itemmore');
    await page.goto(mainUrl('/move/items/5.html'));
    await mountedRemote(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(items.menu.title);
    const cards = page.getByTestId('case-list').getByRole('link');
    await scrollUntilAll(page, cards, items.case.sum);
    await expect(page.getByTestId('list-status')).toHaveText('没有更多了');
    expectListCall(calls[0], { menu: 5, amount: 3, type: 1, page: 4 });
  });
});

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function adminLeads(page: Page): Promise<{ name: string; phone: string; content: string; email: string }[]> {
  const login = await page.request.post(directUrl('/api/login'), {
    data: { email: 'admin@yunfan.example.com', password: md5('E2E-admin-2026') },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const list = await page.request.post(directUrl('/api/leavewords'), { data: { page: 1 }, headers: { token } });
  const body = (await list.json()) as { data: { list: { data: never[] } } };
  return body.data.list.data;
}

test.describe('the way to the contact form', () => {
  for (const { path, name } of [
    { path: '/move/index.html', name: 'the home' },
    { path: '/move/us.html', name: '联系我们' },
    { path: '/move/zhy.html', name: '关于我们' },
  ]) {
    test(`${name} should lead to 在线留言 with one tap`, async ({ page }) => {
      await page.goto(mainUrl(path));
      await mountedRemote(page);
      const link = page.getByTestId('lead-callout').getByRole('link', { name: '在线留言' });
      await expect(link).toHaveAttribute('href', '/move/about.html');
      await link.click();
      await expect(page).toHaveURL(mainUrl('/move/about.html'));
      await expect(page.getByTestId('lead-form')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('在线留言');
    });
  }

  // 844: the first screen of a 390 × 844 phone, where the button began half under the bar; 800 and 700: a
  // button partly under the bar is scrolled clear of it.
  for (const height of [844, 800, 700]) {
    test(`the submit button should come into view above the bottom bar on a 390 × ${height} screen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height });
      await page.goto(mainUrl('/move/about.html'));
      await mountedRemote(page);
      const button = page.getByTestId('lead-form').getByRole('button', { name: '提交留言' });
      await button.scrollIntoViewIfNeeded();
      const bar = (await page.getByRole('navigation', { name: '底部导航' }).boundingBox())!;
      const box = (await button.boundingBox())!;
      expect(box.y).toBeGreaterThan(0);
      expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    });
  }
});

test.describe('mobile contact form', () => {
  test('should check the fields, then store the lead once and say so', async ({ page }) => {
    const calls = recordCalls(page, '/api/leaveword');
    await page.goto(mainUrl('/move/about.html'));
    await mountedRemote(page);
    const form = page.getByTestId('lead-form');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByText('请填写姓名')).toBeVisible();
    await expect(form.getByText('请填写电话')).toBeVisible();
    await expect(form.getByText('请填写留言内容')).toBeVisible();
    await expect(page.getByLabel('姓名')).toBeFocused();
    expect(calls).toHaveLength(0);

    const stamp = Date.now().toString(36);
    await page.getByLabel('姓名').fill(`测试访客${stamp}`);
    await page.getByLabel('电话').fill('12345');
    await page.getByLabel('邮箱').fill('not-an-email');
    await page.getByLabel('留言内容').fill('想了解企业官网建设的报价和周期。');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByText('请填写正确的手机号或固定电话')).toBeVisible();
    await expect(form.getByText('请填写正确的邮箱地址')).toBeVisible();
    expect(calls).toHaveLength(0);

    await page.getByLabel('电话').fill('13800138000');
    await page.getByLabel('邮箱').fill('visitor@example.com');
    await page.getByLabel('地址').fill('深圳市福田区');
    // Sent once, however eager the visitor is.
    await form.getByRole('button', { name: '提交留言' }).dblclick();
    await expect(page.getByTestId('lead-outcome')).toHaveText('提交成功，我们会尽快与您联系');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({ name: `测试访客${stamp}`, phone: '13800138000', page: '/move/about.html' });
    expect(calls[0]!.body.website).toBeUndefined();
    await expect(page.getByLabel('姓名')).toHaveValue('');

    const leads = await adminLeads(page);
    const stored = leads.find((lead) => lead.name === `测试访客${stamp}`);
    expect(stored).toMatchObject({ phone: '13800138000', email: 'visitor@example.com' });
  });

  test('should keep what was typed while the visitor looks elsewhere, until it is sent', async ({ page }) => {
    await answerCalls(page, '**/api/leaveword', { code: 0, msg: '成功', data: null });
    await page.goto(mainUrl('/move/about.html'));
    await mountedRemote(page);
    await page.getByLabel('姓名').fill('回访客户');
    await page.getByLabel('电话').fill('13800138000');
    await page.getByLabel('留言内容').fill('先看看案例再决定。');
    const tabs = page.getByRole('navigation', { name: '底部导航' });
    await tabs.getByRole('link', { name: '客户案例' }).click();
    await expect(page).toHaveURL(mainUrl('/move/case.html'));
    await page.getByTestId('back').click();
    await expect(page).toHaveURL(mainUrl('/move/about.html'));
    await expect(page.getByLabel('姓名')).toHaveValue('回访客户');
    await expect(page.getByLabel('电话')).toHaveValue('13800138000');
    await expect(page.getByLabel('留言内容')).toHaveValue('先看看案例再决定。');

    await page.getByRole('button', { name: '提交留言' }).click();
    await expect(page.getByTestId('lead-outcome')).toHaveText('提交成功，我们会尽快与您联系');
    await expect(page.getByLabel('姓名')).toHaveValue('');
    await tabs.getByRole('link', { name: '客户案例' }).click();
    await page.getByTestId('back').click();
    await expect(page).toHaveURL(mainUrl('/move/about.html'));
    await expect(page.getByLabel('姓名')).toHaveValue('');
    await expect(page.getByLabel('留言内容')).toHaveValue('');
  });

  test('should show the server refusal as it comes', async ({ page }) => {
    await answerCalls(page, '**/api/leaveword', { code: 1, msg: '留言太频繁，请稍后再试', data: null });
    await page.goto(mainUrl('/move/about.html'));
    await mountedRemote(page);
    await page.getByLabel('姓名').fill('访客');
    await page.getByLabel('电话').fill('0755-86000000');
    await page.getByLabel('留言内容').fill('你好');
    await page.getByRole('button', { name: '提交留言' }).click();
    await expect(page.getByTestId('lead-outcome')).toHaveText('留言太频繁，请稍后再试');
    await expect(page.getByLabel('姓名')).toHaveValue('访客');
  });
});
