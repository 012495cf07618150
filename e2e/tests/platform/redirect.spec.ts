import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { ItemNewsData, ItemsData } from '@site/shared-types';
import { apiData } from '../../support/api';
import { DESKTOP_UA, MOBILE_UA } from '../../support/chromium';
import { mainUrl, mobileHostUrl, mountedRemote } from '../../support/site';

/**
 * docs/behaviour.md#redirect-rules: user agent × host × address → where the visitor lands and which remote mounts.
 */
const MATRIX: Array<{
  device: 'desktop' | 'mobile';
  host: 'main' | 'mobile';
  path: string;
  lands: string;
  remote: string;
  /** How it moves when it does: the start-up redirect's 302, or 301 to a page's own address. */
  status?: number;
}> = [
  { device: 'desktop', host: 'main', path: '/', lands: '/', remote: 'mf_desktop' },
  { device: 'desktop', host: 'main', path: '/index.html', lands: '/', remote: 'mf_desktop' },
  { device: 'desktop', host: 'main', path: '/move/', lands: '/', remote: 'mf_desktop' },
  { device: 'desktop', host: 'main', path: '/admin', lands: '/admin/', remote: 'mf_admin' },
  { device: 'mobile', host: 'main', path: '/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'main', path: '/index.html', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'main', path: '/move/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'main', path: '/admin', lands: '/admin/', remote: 'mf_admin' },
  { device: 'mobile', host: 'main', path: '/about.html', lands: '/move/zhy.html', remote: 'mf_mobile' },
  { device: 'mobile', host: 'main', path: '/itemnews.html', lands: '/itemnews.html', remote: 'mf_desktop' },
  { device: 'desktop', host: 'main', path: '/about.html', lands: '/about.html', remote: 'mf_desktop' },
  { device: 'desktop', host: 'mobile', path: '/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'desktop', host: 'mobile', path: '/index.html', lands: '/move/', remote: 'mf_mobile' },
  { device: 'desktop', host: 'mobile', path: '/move/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'desktop', host: 'mobile', path: '/admin', lands: '/admin/', remote: 'mf_admin', status: 301 },
  { device: 'desktop', host: 'mobile', path: '/about.html', lands: '/move/zhy.html', remote: 'mf_mobile' },
  { device: 'mobile', host: 'mobile', path: '/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'mobile', path: '/index.html', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'mobile', path: '/move/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'mobile', path: '/admin', lands: '/admin/', remote: 'mf_admin', status: 301 },
];

test.describe('start-up redirect', () => {
  for (const row of MATRIX) {
    test(`a ${row.device} device on the ${row.host} host at ${row.path} should land on ${row.lands} (${row.remote})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ userAgent: row.device === 'mobile' ? MOBILE_UA : DESKTOP_UA });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => {
        const match = /\/remotes\/(mf_\w+)\//.exec(request.url());
        if (match) requested.push(match[1]!);
      });
      const response = await page.goto(row.host === 'main' ? mainUrl(row.path) : mobileHostUrl(row.path));
      // The server answers the redirect itself before rendering anything.
      const redirect = response?.request().redirectedFrom();
      if (row.lands === row.path) expect(redirect).toBeNull();
      else expect((await redirect?.response())?.status()).toBe(row.status ?? 302);
      expect(await mountedRemote(page)).toBe(row.remote);
      expect(new URL(page.url()).pathname).toBe(row.lands);
      // Exactly one remote is ever fetched for the page: the redirect happens before anything mounts.
      expect([...new Set(requested)]).toEqual([row.remote]);
      await context.close();
    });
  }

  test('should apply the redirect again on in-app navigation', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: DESKTOP_UA });
    const page = await context.newPage();
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/move/index.html');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(mainUrl('/'));
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await context.close();
  });

  test('should apply it to a phone following a desktop link inside a desktop-only page', async ({
    browser,
    request,
  }) => {
    const news = (await apiData<ItemNewsData>(request, '/api/itemnews')).newcontent[0]!;
    const context = await browser.newContext({ userAgent: MOBILE_UA, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(mainUrl('/itemnews.html'));
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await page.locator(`a[href="/news/${news.id}.html"]`).first().click();
    await expect(page).toHaveURL(mainUrl(`/move/news/${news.id}.html`));
    expect(await mountedRemote(page)).toBe('mf_mobile');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.title);
    await context.close();
  });
});

/** Each kind of desktop deep link with a mobile page, and where a phone must land (query kept). */
async function deepLinks(request: APIRequestContext): Promise<{ path: string; lands: string }[]> {
  const service = await apiData<ItemsData>(request, '/api/items', { menu: 3 });
  const news = (await apiData<ItemNewsData>(request, '/api/itemnews')).newcontent[0]!;
  const item = service.case.caselist[0]!.id;
  return [
    { path: `/details/${item}.html?casemenu=3`, lands: `/move/details/${item}.html?casemenu=3` },
    { path: `/news/${news.id}.html?from=singlemessage`, lands: `/move/news/${news.id}.html?from=singlemessage` },
    { path: '/items/3.html', lands: '/move/items/3.html' },
    { path: '/about.html', lands: '/move/zhy.html' },
    { path: '/webcase/101.html', lands: '/move/case.html' },
    { path: '/webcase/3.html', lands: '/move/case.html?tab=3' },
  ];
}

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    userAgent: MOBILE_UA,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return context.newPage();
}

test.describe('desktop links on a phone', () => {
  test('every desktop deep link with a mobile page should land a phone on that page', async ({ browser, request }) => {
    const page = await phonePage(browser);
    for (const link of await deepLinks(request)) {
      const remotes: string[] = [];
      const record = (req: { url(): string }) => {
        const match = /\/remotes\/(mf_\w+)\//.exec(req.url());
        if (match) remotes.push(match[1]!);
      };
      page.on('request', record);
      const response = await page.goto(mainUrl(link.path));
      expect((await response?.request().redirectedFrom()?.response())?.status(), link.path).toBe(302);
      expect(await mountedRemote(page)).toBe('mf_mobile');
      const landed = new URL(page.url());
      expect(landed.pathname + landed.search, link.path).toBe(link.lands);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      // Nothing of the desktop site was loaded on the way.
      expect([...new Set(remotes)], link.path).toEqual(['mf_mobile']);
      page.off('request', record);
    }
    await page.context().close();
  });

  const DESKTOP_ONLY = [
    '/itemnews.html',
    `/items/search.html?keyword=${encodeURIComponent('网站')}`,
    `/items/search.html?keyword=${encodeURIComponent('网站')}&type=2`,
    '/no-such-page.html',
  ];
  for (const path of DESKTOP_ONLY) {
    test(`a phone on ${decodeURIComponent(path)} should get the desktop page fitted to 390 px`, async ({ browser }) => {
      const page = await phonePage(browser);
      await page.goto(mainUrl(path));
      expect(await mountedRemote(page)).toBe('mf_desktop');
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
      // No horizontal overflow: the document is no wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The title is on screen.
      const title = page.getByRole('heading', { level: 1 }).first();
      await expect(title).toBeVisible();
      const box = (await title.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // Every menu entry is on screen, laid out on a line (not one character a line), and can be used.
      const menu = page.getByRole('navigation', { name: '主导航' }).getByRole('link');
      expect(await menu.count()).toBeGreaterThanOrEqual(5);
      for (const link of await menu.all()) {
        const entry = (await link.boundingBox())!;
        expect(entry.x).toBeGreaterThanOrEqual(0);
        expect(entry.x + entry.width).toBeLessThanOrEqual(390);
        expect(entry.height).toBeLessThan(48);
      }
      await menu.filter({ hasText: '客户案例' }).click();
      await expect(page).toHaveURL(mainUrl('/move/case.html'));
      await page.context().close();
    });
  }
});
