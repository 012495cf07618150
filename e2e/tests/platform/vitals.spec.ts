import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { VitalsSummary } from '@site/shared-types';
import { adminCall, apiToken, loginAs, openScreen } from '../../support/admin';
import { REPO_ROOT } from '../../support/global-setup';
import { mainUrl } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** The reporter's script as the shell's build names it (the servers of the tests sample no page view). */
function reporterScript(): string {
  const assets = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'assets.json'), 'utf8')) as {
    vitals?: string;
  };
  if (!assets.vitals) throw new Error('the shell was built without the visitor-experience reporter');
  return `/${assets.vitals}`;
}

/** Puts every page view of the context in the sample, as a server with VITALS_SAMPLE_PERCENT=100 would. */
async function sampleEveryView(context: BrowserContext): Promise<void> {
  await context.addInitScript((script) => {
    new MutationObserver((_, observer) => {
      const element = document.getElementById('site-config');
      if (!element) return;
      element.textContent = (element.textContent ?? '').replace(
        '"vitals":null',
        JSON.stringify({ vitals: { percent: 100, script } }).slice(1, -1),
      );
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, reporterScript());
}

/**
 * Hides the page as switching to another tab or app does (`visibilitychange` to `hidden`): a beacon sent while the
 * page unloads is not shown to the test, this one is.
 */
async function hide(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test.describe.configure({ mode: 'serial' });

test.describe('visitor experience', () => {
  test('should report a sampled page view when it is left, by its route and device, and show it in 访问体验', async ({
    browser,
    page,
    request,
  }) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await sampleEveryView(context);
    const visitor = await context.newPage();
    const reporter = visitor.waitForResponse((response) => response.url().includes('/assets/vitals.'));
    await visitor.goto(mainUrl('/about.html?utm_source=e2e'));
    // Added once the page has loaded and the browser is idle.
    expect((await reporter).status()).toBe(200);
    await visitor.getByRole('heading', { level: 1 }).first().click();
    // The page is hidden (its visitor switched away): the report goes as a beacon, once.
    const report = visitor.waitForRequest((sent) => sent.url().endsWith('/api/frontend/vitals'));
    await hide(visitor);
    expect((await report).method()).toBe('POST');
    await context.close();

    const token = await apiToken(request);
    await expect
      .poll(async () => {
        const summary = await adminCall<VitalsSummary>(request, token, '/api/vitals');
        return summary.rows
          .filter((row) => row.page === 'about' && row.device === 'computer')
          .map((row) => [row.metric, row.count]);
      })
      .toEqual(
        expect.arrayContaining([
          ['LCP', 1],
          ['CLS', 1],
          ['FID', 1],
        ]),
      );

    await loginAs(page);
    await openScreen(page, '访问体验');
    await expect(page.getByRole('heading', { name: '访问体验' })).toBeVisible();
    const region = page.getByRole('region', { name: '真实访客体验（近 7 天，P75）' });
    const chart = region.getByRole('img', { name: /最大内容绘制（LCP）/ });
    await expect(chart).toBeVisible();
    const bar = chart.locator('g[data-page="about"] g[data-device="computer"]');
    await expect(bar).toHaveAttribute('data-rating', /^(good|needs-improvement|poor)$/);
    await expect(bar.locator('title')).toHaveText(
      /^关于我们 · 电脑：(\d+ ms|\d+\.\d\d s)（(良好|待改进|较差)，1 次）$/,
    );
    await region.getByText('首次输入延迟（FID）').click();
    await expect(region.getByRole('img', { name: /首次输入延迟（FID）/ }).locator('g[data-page="about"]')).toHaveCount(
      1,
    );
    await region.getByText('交互响应（INP）').click();
    await expect(
      region.getByRole('img', { name: /交互响应/ }).or(region.getByText('近 7 天还没有这一指标的访客数据')),
    ).toBeVisible();
  });

  test('should tell a WeChat visitor apart and not load the reporter outside the sample', async ({
    browser,
    request,
  }) => {
    const wechat = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x18003231) NetType/WIFI Language/zh_CN',
      viewport: { width: 375, height: 740 },
    });
    await sampleEveryView(wechat);
    const phone = await wechat.newPage();
    const reporter = phone.waitForResponse((response) => response.url().includes('/assets/vitals.'));
    await phone.goto(mainUrl('/move/us.html'));
    await reporter;
    const report = phone.waitForRequest((sent) => sent.url().endsWith('/api/frontend/vitals'));
    await hide(phone);
    await report;
    await wechat.close();
    const token = await apiToken(request);
    await expect
      .poll(async () =>
        (await adminCall<VitalsSummary>(request, token, '/api/vitals')).rows.some(
          (row) => row.page === 'meus' && row.device === 'wechat' && row.metric === 'LCP',
        ),
      )
      .toBe(true);

    // Without the sample (the tests' servers say 0 %), the page has no reporter.
    const plain = await browser.newContext();
    const page = await plain.newPage();
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script') scripts.push(sent.url());
    });
    await page.goto(mainUrl('/about.html'), { waitUntil: 'load' });
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
    expect(scripts.filter((url) => url.includes('/assets/vitals.'))).toEqual([]);
    expect(await page.locator('#site-config').textContent()).toContain('"vitals":null');
    await plain.close();
  });
});
