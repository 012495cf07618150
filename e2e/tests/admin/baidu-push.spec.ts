import { expect, test } from '@playwright/test';
import type { BaiduPushStatus } from '@site/shared-types';
import { adminCall, apiToken, loginAs, openScreen } from '../../support/admin';
import { BAIDU_PUSH } from '../../support/global-setup';

test.use({ viewport: { width: 1366, height: 900 } });

const SITE = BAIDU_PUSH.site;

test.describe('back-office Baidu push', () => {
  test('should show the configuration, a changed case pushed, and the answer to a push by hand', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const created = await adminCall<{ id: number }>(request, token, '/api/amendcase', {
      id: 0,
      name: `百度推送浏览器测试${Date.now() % 100000}`,
      top: 2,
      dict_id: 3,
      class_id: 1,
    });
    try {
      // The server pushes the new case's two addresses in the background.
      await expect
        .poll(async () => (await adminCall<BaiduPushStatus>(request, token, '/api/baidupush')).log[0]?.urls ?? [])
        .toContain(`${SITE}/details/${created.id}.html`);

      await loginAs(page);
      await openScreen(page, '百度推送');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('百度推送');
      await expect(page.getByText('已配置', { exact: true })).toBeVisible();
      await expect(page.getByText(SITE, { exact: true })).toBeVisible();
      const log = page.getByTestId('push-log');
      await expect(log.getByText(`${SITE}/details/${created.id}.html 等 2 条`)).toBeVisible();
      await expect(log.getByText('成功').first()).toBeVisible();
      await expect(page.getByTestId('push-queue').getByText('队列为空：所有改动都已推送')).toBeVisible();

      // An address of another site is refused with the server's message.
      const field = page.getByLabel('推送地址');
      await field.fill('https://evil.example.com/about.html');
      await page.getByRole('button', { name: '推送', exact: true }).click();
      await expect(page.getByText(`只能推送本站的地址（${SITE}/…）`)).toBeVisible();

      await field.fill(`${SITE}/about.html`);
      await page.getByRole('button', { name: '推送', exact: true }).click();
      const result = page.getByTestId('push-result');
      await expect(result.getByText(`推送成功：${SITE}/about.html`)).toBeVisible();
      await expect(result.getByText(/百度已接收 1 条，今日剩余配额 \d+ 条。/)).toBeVisible();
      // The answer joins the log at the top, marked as pushed by hand.
      const newest = log.getByRole('row').nth(1);
      await expect(newest).toContainText(`${SITE}/about.html`);
      await expect(newest).toContainText('手动');
    } finally {
      await adminCall(request, token, '/api/deletecase', { id: created.id });
    }
  });

  test('should say which variables to set when push is not configured', async ({ page }) => {
    const unconfigured: BaiduPushStatus = {
      configured: false,
      missing: ['BAIDU_PUSH_TOKEN', 'BAIDU_PUSH_SITE'],
      site: null,
      origin: null,
      quota: { remain: null, reported_at: null, held_until: null },
      pending: 1,
      failed: 0,
      queue: [
        {
          id: 1,
          url: '/details/3.html',
          reason: 'update',
          state: 'pending',
          attempts: 0,
          next_attempt: '2026-03-01 10:00:00',
          last_error: null,
          queued_at: '2026-03-01 10:00:00',
        },
      ],
      log: [],
    };
    // The e2e server is configured; its answer is replaced by an unconfigured server's.
    await page.route('**/api/baidupush', (route) =>
      route.fulfill({ json: { code: 0, msg: '成功', data: unconfigured } }),
    );
    await loginAs(page);
    await openScreen(page, '百度推送');
    await expect(page.getByText('百度推送未配置')).toBeVisible();
    await expect(page.getByText('BAIDU_PUSH_TOKEN', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('BAIDU_PUSH_SITE', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: '推送', exact: true })).toBeDisabled();
    await expect(page.getByTestId('push-queue').getByText('/details/3.html')).toBeVisible();
    await expect(page.getByTestId('push-queue').getByText('待推送', { exact: true })).toBeVisible();
  });
});
