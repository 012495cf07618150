import { expect, test, type Page } from '@playwright/test';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ userAgent: MOBILE_UA, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const SIGNATURE = {
  appId: 'wx0e2e0000000000',
  timestamp: 1763700000,
  nonceStr: 'e2e-nonce',
  signature: '0123456789abcdef0123456789abcdef01234567',
  jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
};

/** WeChat's JS-SDK stand-in: records what the page configures and shares. */
const FAKE_SDK = `window.__wx = { configs: [], shares: [] };
window.wx = {
  config: function (c) { window.__wx.configs.push(c); },
  ready: function (f) { setTimeout(f, 0); },
  error: function () {},
  updateAppMessageShareData: function (d) { window.__wx.shares.push(d); },
  updateTimelineShareData: function () {}
};`;

async function stubWeChat(page: Page, answer: object) {
  const signed: string[] = [];
  await page.route('**/api/share', async (route) => {
    signed.push((route.request().postDataJSON() as { url: string }).url);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(answer) });
  });
  await page.route('https://res.wx.qq.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_SDK }),
  );
  return signed;
}

test.describe('WeChat share registration', () => {
  test('should sign every page address without its fragment and share the current page', async ({ page }) => {
    const signed = await stubWeChat(page, { code: 0, msg: '成功', data: SIGNATURE });
    await page.goto(mainUrl('/move/zhy.html#team'));
    await mountedRemote(page);
    await expect.poll(() => signed).toEqual([mainUrl('/move/zhy.html')]);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __wx?: { shares: unknown[] } }).__wx?.shares.length))
      .toBe(1);
    const wx = await page.evaluate(
      () =>
        (window as unknown as { __wx: { configs: Record<string, unknown>[]; shares: Record<string, string>[] } }).__wx,
    );
    expect(wx.configs[0]).toMatchObject({ ...SIGNATURE, debug: false });
    expect(wx.shares[0]).toMatchObject({ title: await page.title(), link: mainUrl('/move/zhy.html') });
    expect(wx.shares[0]!.imgUrl).toMatch(/^http:\/\/.+\.(svg|png|jpg)$/);

    // A route change registers again, for the new address.
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '客户案例' }).click();
    await expect.poll(() => signed).toEqual([mainUrl('/move/zhy.html'), mainUrl('/move/case.html')]);
  });

  test('a failed registration should leave the page working and only be logged', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (/Cross-Origin-Opener-Policy|Origin-Agent-Cluster/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
    });
    const signed = await stubWeChat(page, { code: 1, msg: '分享签名失败', data: null });
    await page.goto(mainUrl('/move/index.html'));
    await mountedRemote(page);
    await expect.poll(() => signed.length).toBe(1);
    await expect(page.getByTestId('notices').getByRole('status')).toHaveCount(0);
    await page.getByTestId('service-tiles').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('statistics', () => {
  test('should load the provider script only when a site id is configured, and count the page view', async ({
    page,
    browser,
  }) => {
    const loaded: string[] = [];
    await page.route('https://hm.baidu.com/**', async (route) => {
      loaded.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
    });
    await page.goto(mainUrl('/move/zhy.html'));
    await mountedRemote(page);
    await page.waitForLoadState('networkidle');
    expect(loaded).toEqual([]);

    // The same page as a server configured with ANALYTICS_ID sends it: the id in the page configuration (and
    // the provider admitted by the CSP, which the context bypasses here).
    const configured = await browser.newContext({
      userAgent: MOBILE_UA,
      viewport: { width: 375, height: 740 },
      bypassCSP: true,
    });
    const second = await configured.newPage();
    await second.route('https://hm.baidu.com/**', async (route) => {
      loaded.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
    });
    await second.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const element = document.getElementById('site-config');
        if (!element) return;
        element.textContent = (element.textContent ?? '').replace('"analyticsId":null', '"analyticsId":"e2e-site"');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await second.goto(mainUrl('/move/zhy.html'));
    await mountedRemote(second);
    await expect.poll(() => loaded).toEqual(['https://hm.baidu.com/hm.js?e2e-site']);
    expect(await second.evaluate(() => (window as unknown as { _hmt: unknown[] })._hmt)).toEqual([
      ['_trackPageview', '/move/zhy.html'],
    ]);
    await configured.close();
  });
});
