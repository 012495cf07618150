import { expect, test } from '@playwright/test';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote, reachFor } from '../../support/site';

test.describe('a remote that fails to load', () => {
  test('should show the fallback, log the remote and its manifest, and recover on retry', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/remotes/mf_desktop/**/mf-manifest.json', (route) => route.abort('connectionrefused'));
    await page.goto(mainUrl('/about.html'));
    await reachFor(page);

    const fallback = page.getByTestId('remote-failed');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('页面加载失败');
    expect(
      errors.some((text) =>
        /\[remote\] mf_desktop failed \(manifest \/remotes\/mf_desktop\/[a-z0-9-]+\/mf-manifest\.json\)/.test(text),
      ),
    ).toBe(true);

    await page.unroute('**/remotes/mf_desktop/**/mf-manifest.json');
    await fallback.getByRole('button', { name: '重试' }).click();
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await expect(page.locator('[data-page="about"]')).toBeVisible();
    await expect(fallback).toHaveCount(0);
  });

  test('should contain the failure to the page: the shell keeps working and other remotes still load', async ({
    browser,
  }) => {
    const context = await browser.newContext({ userAgent: MOBILE_UA });
    const page = await context.newPage();
    await page.route('**/remotes/mf_mobile/**', (route) => route.abort('connectionrefused'));
    await page.goto(mainUrl('/move/case.html'));
    await reachFor(page);
    await expect(page.getByTestId('remote-failed')).toBeVisible();
    await page.goto(mainUrl('/admin/'));
    expect(await mountedRemote(page)).toBe('mf_admin');
    await context.close();
  });
});
