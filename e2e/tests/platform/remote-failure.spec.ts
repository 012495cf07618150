import { expect, test, type Page } from '@playwright/test';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote, reachFor, startMode } from '../../support/site';

/**
 * When a part of the application cannot be fetched, evaluated or hydrated, a server page stays as it is, with a
 * notice offering 重试; only a page the browser renders itself shows the full fallback (docs/behaviour.md
 * "When the application does not load").
 */

/**
 * The page's markup, but for where its carousels are: they step by themselves (the first-view script), whether or
 * not the application runs.
 */
const rootMarkup = (page: Page) =>
  page.locator('#root').evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const moving of copy.querySelectorAll('.swiper, .swiper *')) {
      for (const name of ['style', 'data-plain-shown', 'data-plain-next-step-at']) moving.removeAttribute(name);
    }
    for (const bullet of copy.querySelectorAll('.swiper-pagination-bullet'))
      bullet.className = 'swiper-pagination-bullet';
    return copy.innerHTML;
  });

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('a remote that fails after the first view', () => {
  test('should leave the server page as it is, its links working, and recover on 重试', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.route('**/remotes/mf_desktop/**/mf-manifest.json', (route) => route.abort('connectionrefused'));
    await page.goto(mainUrl('/about.html'));
    const before = await rootMarkup(page);
    await reachFor(page);

    const notice = page.getByTestId('load-failed');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('部分功能暂未加载');
    expect(
      errors.some((text) =>
        /\[remote\] mf_desktop failed \(manifest \/remotes\/mf_desktop\/[a-z0-9-]+\/mf-manifest\.json\)/.test(text),
      ),
    ).toBe(true);
    expect(await rootMarkup(page), 'the server page').toBe(before);
    await expect(page.getByTestId('remote-failed')).toHaveCount(0);
    expect(await startMode(page)).toBeUndefined();

    // The notice can be closed, and the page's links still work.
    await notice.getByRole('button', { name: '关闭提示' }).click();
    await expect(notice).toHaveCount(0);
    await page.locator('a[href="/items/3.html"]').first().click();
    await expect(page).toHaveURL(/\/items\/3\.html$/);
    await expect(page.locator('h1, h2').first()).toBeVisible();

    // Back on a page whose remote fails, 重试 brings the application once the remote can be fetched.
    await page.goBack();
    await reachFor(page);
    await expect(notice).toBeVisible();
    await page.unroute('**/remotes/mf_desktop/**/mf-manifest.json');
    await notice.getByRole('button', { name: '重试' }).click();
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await expect(notice).toHaveCount(0);
    expect(await startMode(page)).toBe('hydrated');
    // The application runs the page: its side tab shows past 200 px and answers.
    await page.evaluate(() => window.scrollTo(0, 1320));
    const tab = page.getByTestId('side-tab');
    await expect(tab).toBeVisible();
    await tab.getByRole('button').nth(1).click();
    await expect(tab.getByRole('button').nth(1)).toHaveAttribute('aria-current', 'true');
  });

  test('should say 重试 again while the remote still fails', async ({ page }) => {
    await page.route('**/remotes/mf_desktop/**/mf-manifest.json', (route) => route.abort('connectionrefused'));
    await page.goto(mainUrl('/about.html'));
    await reachFor(page);
    const notice = page.getByTestId('load-failed');
    await notice.getByRole('button', { name: '重试' }).click();
    await expect(notice).toContainText('仍未加载成功');
    await expect(notice.getByRole('button', { name: '重试' })).toBeEnabled();
  });

  test("should leave the page as it is when the application's own script cannot be fetched", async ({ page }) => {
    let blocked = true;
    await page.route(/\/main\.[0-9a-f]+\.js$|\/main\.js$/, (route) =>
      blocked ? route.abort('connectionrefused') : route.fallback(),
    );
    await page.goto(mainUrl('/about.html'));
    const before = await rootMarkup(page);
    await reachFor(page);
    const notice = page.getByTestId('load-failed');
    await expect(notice).toBeVisible();
    expect(await rootMarkup(page)).toBe(before);
    blocked = false;
    await notice.getByRole('button', { name: '重试' }).click();
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await expect(notice).toHaveCount(0);
  });

  test('should put the server page back, links working, when adopting it fails, also on 重试', async ({ page }) => {
    // The page's state says the header is something it cannot draw (a number): its render throws while hydrating.
    await page.addInitScript(() => {
      addEventListener('DOMContentLoaded', () => {
        const element = document.getElementById('site-state')!;
        const state = JSON.parse(element.textContent) as { api: { queries: Record<string, { data: unknown }> } };
        state.api.queries['header(undefined)']!.data = 7;
        element.textContent = JSON.stringify(state);
      });
    });
    await page.goto(mainUrl('/about.html'));
    const before = await rootMarkup(page);
    await reachFor(page);
    const notice = page.getByTestId('load-failed');
    await expect(notice).toBeVisible();
    expect(await rootMarkup(page), 'the server page, back').toBe(before);
    await expect(page.getByTestId('remote-failed')).toHaveCount(0);
    // 重试 adopts the page again with the state it has: it fails again, and says so.
    await notice.getByRole('button', { name: '重试' }).click();
    await expect(notice).toContainText('仍未加载成功');
    expect(await rootMarkup(page)).toBe(before);
    await page.locator('a[href="/items/3.html"]').first().click();
    await expect(page).toHaveURL(/\/items\/3\.html$/);
  });
});

test.describe('a remote that fails on a page the browser renders itself', () => {
  test('should show the full fallback, and the shell keeps working: other remotes still load', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: MOBILE_UA });
    const page = await context.newPage();
    await page.route('**/remotes/mf_admin/**', (route) => route.abort('connectionrefused'));
    await page.goto(mainUrl('/admin/'));
    const fallback = page.getByTestId('remote-failed');
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText('页面加载失败');
    await page.unroute('**/remotes/mf_admin/**');
    await page.goto(mainUrl('/move/case.html'));
    expect(await mountedRemote(page)).toBe('mf_mobile');
    await context.close();
  });
});
