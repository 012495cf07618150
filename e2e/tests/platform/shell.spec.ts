import { expect, test } from '@playwright/test';
import { DEFAULT_META } from '@site/shared-types';
import { answerCalls } from '../../support/api';
import { MOBILE_UA } from '../../support/chromium';
import { directUrl, mainUrl, mountedRemote, storeState } from '../../support/site';

interface SiteState {
  site: { meta: { title: string; keywords: string; description: string }; metaSource: string };
  desktop?: { searchOpen: boolean; keyword: string | null };
}

test.describe('keywords', () => {
  test('should fill the meta tags from the keyword records and put the title in the store', async ({
    page,
    request,
  }) => {
    const records = (await (await request.post(directUrl('/api/keyswords'))).json()).data as {
      keywords: string;
      content: string;
    }[];
    const record = (name: string) => records.find((r) => r.keywords === name)!.content;
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', record('keywords'));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', record('description'));
    await expect.poll(async () => (await storeState<SiteState>(page)).site.metaSource).toBe('loaded');
    expect((await storeState<SiteState>(page)).site.meta.title).toBe(record('title'));
    await expect(page).toHaveTitle(record('title'));
  });

  test('should fall back to the fixed Chinese defaults, silently, when the call answers a non-zero code', async ({
    page,
  }) => {
    await answerCalls(page, '**/api/keyswords', { code: 1, msg: '出错了', data: null });
    // A page rendered in the browser (the back office): server-rendered pages get the records with the page.
    await page.goto(mainUrl('/admin/'));
    await mountedRemote(page);
    await expect.poll(async () => (await storeState<SiteState>(page)).site.metaSource).toBe('fallback');
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', DEFAULT_META.keywords);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', DEFAULT_META.description);
    expect(DEFAULT_META.keywords).toMatch(/深圳网站建设/);
    // Silent: no message is shown for the keyword call.
    await expect(page.getByTestId('notices').getByRole('status')).toHaveCount(0);
  });
});

test.describe('not-found page', () => {
  for (const path of ['/no-such-page.html', '/move/no-such-page', '/admin/index/no-such-screen']) {
    test(`should answer 404 and show the not-found picture and advice at ${path}`, async ({ browser }) => {
      // A phone for the mobile site (a desktop browser is sent from /move/ to /).
      const context = await browser.newContext(path.startsWith('/move/') ? { userAgent: MOBILE_UA } : {});
      const page = await context.newPage();
      const response = await page.goto(mainUrl(path));
      expect(response?.status()).toBe(404);
      const notFound = page.getByTestId('not-found');
      await expect(notFound).toBeVisible();
      await expect(notFound.getByRole('img', { name: '页面走丢了' })).toBeVisible();
      await expect(notFound).toContainText('请检查网址是否输入正确');
      await expect(notFound.getByRole('link', { name: '返回首页' })).toBeVisible();
      await context.close();
    });
  }
});

test.describe('one store, one React', () => {
  test('should run the remote on the store of the shell: shared state read, its slice injected, its actions seen', async ({
    page,
  }) => {
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    await expect.poll(async () => (await storeState<SiteState>(page)).site.metaSource).toBe('loaded');
    const state = await storeState<SiteState>(page);
    // The remote renders the site name from the shell's slice.
    await expect(page.getByTestId('site-name')).toHaveText(state.site.meta.title.split(' - ')[0]!);
    // Its own slice (the header search) lives in the same store, and its dispatches reach it.
    expect(state.desktop).toEqual({ searchOpen: false, keyword: null });
    await page.getByRole('button', { name: '打开搜索' }).click();
    await page.getByLabel('搜索关键词').fill('官网');
    await expect
      .poll(async () => (await storeState<SiteState>(page)).desktop)
      .toEqual({
        searchOpen: true,
        keyword: '官网',
      });
    // It outlives a page change, like the header it belongs to.
    await page.getByRole('contentinfo').getByRole('navigation', { name: '关于我们' }).getByRole('link').first().click();
    await expect(page).toHaveURL(mainUrl('/about.html'));
    expect((await storeState<SiteState>(page)).desktop).toEqual({ searchOpen: true, keyword: '官网' });
  });

  test('should load every shared library once, from the shell, for the remote too', async ({ page }) => {
    // Bodies are read as they come and waited for before the checks; one still on its way when the page closes is
    // not a failure.
    const bodies: Array<Promise<string | null>> = [];
    page.on('response', (response) => {
      if (/\/remotes\/.+\.js$/.test(response.url())) bodies.push(response.text().catch(() => null));
    });
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const share = await page.evaluate(() => {
      const scopes = (
        window as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<
              string,
              Record<string, Record<string, Record<string, { from: string; useIn: string[] }>>>
            >;
          };
        }
      ).__FEDERATION__.__SHARE__;
      const result: Record<string, { versions: number; from: string[]; useIn: string[] }> = {};
      for (const scope of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(scope.default ?? {})) {
          result[pkg] = {
            versions: Object.keys(versions).length,
            from: Object.values(versions).map((v) => v.from),
            useIn: Object.values(versions).flatMap((v) => v.useIn),
          };
        }
      }
      return result;
    });
    for (const pkg of ['react', 'react-dom', '@site/platform']) {
      expect(share[pkg], pkg).toMatchObject({ versions: 1, from: ['shell'] });
    }
    expect(share['@site/platform']!.useIn).toContain('mf_desktop');
    // The router and Redux are part of the platform (one instance, tree-shaken), not shared packages of their own.
    for (const pkg of ['react-router', 'react-router-dom', 'react-redux', '@reduxjs/toolkit'])
      expect(share[pkg], pkg).toBeUndefined();
    // No copy of React, of the router or of Redux travels with the remote.
    const remoteScripts = (await Promise.all(bodies)).filter((body): body is string => body !== null);
    expect(remoteScripts.length).toBeGreaterThan(0);
    for (const script of remoteScripts) {
      expect(script).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
      expect(script).not.toContain('may be used only in the context of a <Router>');
      expect(script).not.toContain('Minified Redux error');
    }
  });
});

test.describe('one federation runtime', () => {
  const pages = [
    { path: '/', remote: 'mf_desktop', userAgent: undefined },
    { path: '/move/index.html', remote: 'mf_mobile', userAgent: MOBILE_UA },
    { path: '/admin/', remote: 'mf_admin', userAgent: undefined },
  ];
  for (const { path, remote, userAgent } of pages) {
    test(`should run ${remote} on the runtime core of the shell, which no remote script carries again`, async ({
      browser,
    }) => {
      const context = await browser.newContext(userAgent ? { userAgent } : {});
      const page = await context.newPage();
      const scripts: { url: string; body: Promise<string> }[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push({ url: response.url(), body: response.text() });
      });
      await page.goto(mainUrl(path));
      expect(await mountedRemote(page)).toBe(remote);
      // The shell provides the core (MF's externalRuntime), and the remote's container ran on it.
      const provider = await page.evaluate(
        () => (window as unknown as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM,
      );
      expect(provider?.name).toBe('shell');
      // `remoteEntryExports` is a property the runtime core reads throughout: only the script defining the core has it.
      const bodies = await Promise.all(scripts.map(async (s) => ({ url: s.url, body: await s.body })));
      const withCore = bodies.filter((s) => s.body.includes('remoteEntryExports')).map((s) => new URL(s.url).pathname);
      expect(withCore).toHaveLength(1);
      expect(withCore[0]).toMatch(/^\/assets\/main\.[0-9a-f]{8}\.js$/);
      const entry = bodies.find(
        (s) => new URL(s.url).pathname.startsWith(`/remotes/${remote}/`) && s.url.endsWith('/remoteEntry.js'),
      );
      expect(entry?.body).toContain('_FEDERATION_RUNTIME_CORE');
      await context.close();
    });
  }
});
