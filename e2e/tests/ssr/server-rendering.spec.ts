import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP_UA, MOBILE_UA } from '../../support/chromium';
import { directUrl, mainUrl, mountedRemote, startMode } from '../../support/site';

interface Item {
  id: number;
  name?: string;
  title?: string;
}

async function call<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const response =
    body === undefined
      ? await page.request.get(directUrl(path))
      : await page.request.post(directUrl(path), { data: body });
  return ((await response.json()) as { data: T }).data;
}

async function open(browser: Browser, device: 'desktop' | 'mobile', javaScript: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled: javaScript,
    userAgent: device === 'mobile' ? MOBILE_UA : DESKTOP_UA,
    viewport: device === 'mobile' ? { width: 390, height: 844 } : { width: 1366, height: 900 },
  });
  return { context, page: await context.newPage() };
}

test.describe('with JavaScript disabled', () => {
  test('desktop pages should carry their headings, texts and links', async ({ browser }) => {
    const { context, page } = await open(browser, 'desktop', false);
    const home = await call<{
      service: Item[];
      success: { title: string };
      dynamic: { content: { viewpoint: { content: Item[] } } };
    }>(page, '/api/index');
    await page.goto(mainUrl('/'));
    const nav = page.getByRole('navigation', { name: '主导航' });
    await expect(nav.getByRole('link', { name: '关于我们' })).toHaveAttribute('href', '/about.html');
    for (const service of home.service) {
      await expect(page.getByTestId('services').locator(`a[href="/items/${service.id}.html"]`)).toContainText(
        service.name!,
      );
    }
    await expect(page.getByRole('heading', { name: home.success.title })).toBeVisible();
    const firstNews = home.dynamic.content.viewpoint.content[0]!;
    await expect(page.locator(`a[href="/news/${firstNews.id}.html"]`)).toContainText(firstNews.title!);

    await page.goto(mainUrl('/about.html'));
    const about = await call<{ profile: { title: string; paragraphs: string[] } }>(page, '/api/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('关于我们');
    await expect(page.getByRole('heading', { level: 2, name: about.profile.title })).toBeVisible();
    await expect(page.getByTestId('lead-form')).toBeVisible();
    await expect(page.locator('main')).toContainText(about.profile.paragraphs[0]!);

    const items = await call<{ menu: { title: string }; case: { caselist: Item[] } }>(page, '/api/items', { menu: 3 });
    await page.goto(mainUrl('/items/3.html'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(items.menu.title);
    const firstCase = items.case.caselist[0]!;
    await expect(page.locator(`main a[href^="/details/${firstCase.id}.html"]`)).toBeVisible();

    const detail = await call<{ name: string; scene: string; downId: number | null }>(page, '/api/details', {
      case: firstCase.id,
    });
    await page.goto(mainUrl(`/details/${firstCase.id}.html`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.name);
    await expect(page.locator('main')).toContainText(detail.scene);
    if (detail.downId) await expect(page.locator(`a[href^="/details/${detail.downId}.html"]`)).toBeVisible();

    const news = await call<{ title: string; content: string }>(page, '/api/itemnewscut', { case: firstNews.id });
    await page.goto(mainUrl(`/news/${firstNews.id}.html`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(news.title);
    const firstParagraph = /<p>([^<]{8,})/.exec(news.content)?.[1];
    if (firstParagraph) await expect(page.locator('main')).toContainText(firstParagraph.slice(0, 8));
    await context.close();
  });

  test('mobile pages should carry their headings, texts and links', async ({ browser }) => {
    const { context, page } = await open(browser, 'mobile', false);
    const home = await call<{ service: Item[]; success: { title: string; content: Item[] } }>(page, '/api/index');
    await page.goto(mainUrl('/move/index.html'));
    for (const service of home.service) {
      await expect(page.getByTestId('service-tiles').locator(`a[href="/move/items/${service.id}.html"]`)).toContainText(
        service.name!,
      );
    }
    await expect(page.getByRole('heading', { name: home.success.title })).toBeVisible();
    await expect(page.getByRole('link', { name: '客户案例' })).toHaveAttribute('href', '/move/case.html');

    const about = await call<{ profile: { title: string; paragraphs: string[] } }>(page, '/api/about');
    await page.goto(mainUrl('/move/zhy.html'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.profile.title);
    await expect(page.locator('main')).toContainText(about.profile.paragraphs[0]!);

    const items = await call<{ menu: { title: string }; case: { caselist: Item[] } }>(page, '/api/items', { menu: 4 });
    await page.goto(mainUrl('/move/items/4.html'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(items.menu.title);
    const firstCase = items.case.caselist[0]!;
    await expect(page.locator(`main a[href="/move/details/${firstCase.id}.html"]`)).toBeVisible();

    const detail = await call<{ name: string }>(page, '/api/details', { case: firstCase.id });
    await page.goto(mainUrl(`/move/details/${firstCase.id}.html`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.name);

    const list = await call<{ newcontent: Item[] }>(page, '/api/itemnews');
    const article = list.newcontent[0]!;
    await page.goto(mainUrl(`/move/news/${article.id}.html`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title!);
    await context.close();
  });
});

test.describe('the server page without its application', () => {
  /** Class names of CSS Modules (`name_hash`) on elements with an area, with no rule of the page naming them. */
  const unstyledClasses = (page: Page) =>
    page.evaluate(() => {
      const named = new Set<string>();
      const walk = (rules: CSSRuleList) => {
        for (const rule of Array.from(rules)) {
          const selector = (rule as CSSStyleRule).selectorText;
          if (selector) for (const match of selector.matchAll(/\.([\w-]+)/g)) named.add(match[1]!);
          if ((rule as CSSGroupingRule).cssRules) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
      const missing = new Set<string>();
      for (const element of Array.from(document.querySelectorAll('[class]'))) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        for (const name of Array.from(element.classList)) {
          if (/_[\w-]{6}$/.test(name) && !named.has(name)) missing.add(name);
        }
      }
      return [...missing];
    });

  test("every class its markup uses should have its styles in the page, the shared platform's too", async ({
    browser,
  }) => {
    const pages = {
      desktop: [
        '/',
        '/about.html',
        '/items/3.html',
        '/itemnews.html',
        '/details/5.html',
        '/news/3.html',
        '/nothing.html',
      ],
      mobile: ['/move/index.html', '/move/about.html', '/move/zhy.html', '/move/case.html', '/move/us.html'],
    };
    for (const device of ['desktop', 'mobile'] as const) {
      const { context, page } = await open(browser, device, false);
      for (const path of pages[device]) {
        await page.goto(mainUrl(path));
        expect({ path, unstyled: await unstyledClasses(page) }).toEqual({ path, unstyled: [] });
      }
      await context.close();
    }
  });

  test("the contact form's field for bots should stay out of sight, so no visitor fills it in", async ({ browser }) => {
    for (const [device, path] of [
      ['desktop', '/about.html'],
      ['mobile', '/move/about.html'],
    ] as const) {
      const { context, page } = await open(browser, device, false);
      await page.goto(mainUrl(path));
      const field = page.locator('#lead-website');
      await expect(field).toBeAttached();
      const box = (await field.boundingBox())!;
      expect(box.x + box.width, path).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});

test.describe('hydration', () => {
  const PAGES: Array<{ device: 'desktop' | 'mobile'; path: string }> = [
    { device: 'desktop', path: '/' },
    { device: 'desktop', path: '/about.html' },
    { device: 'desktop', path: '/items/4.html' },
    { device: 'desktop', path: '/details/3.html' },
    { device: 'desktop', path: '/news/2.html' },
    { device: 'desktop', path: '/webcase/101.html' },
    { device: 'mobile', path: '/move/index.html' },
    { device: 'mobile', path: '/move/zhy.html' },
    { device: 'mobile', path: '/move/case.html' },
    { device: 'mobile', path: '/move/details/3.html' },
  ];
  for (const { device, path } of PAGES) {
    test(`${path} (${device}) should hydrate without warnings and without fetching what the server sent`, async ({
      browser,
    }) => {
      const { context, page } = await open(browser, device, true);
      const messages: string[] = [];
      page.on('console', (message) => {
        // Chromium's notes that two security headers need HTTPS (the tests run on plain HTTP) are not the page's.
        if (/Cross-Origin-Opener-Policy|Origin-Agent-Cluster/.test(message.text())) return;
        if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
      });
      page.on('pageerror', (error) => messages.push(error.message));
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        // Share registration is not page data: it signs the address in the browser on every page.
        if (path.startsWith('/api/') && path !== '/api/share') apiCalls.push(request.url());
      });
      const response = await page.goto(mainUrl(path));
      expect(response?.status()).toBe(200);
      expect(await response?.text()).toContain('id="site-state"');
      await mountedRemote(page);
      expect(await startMode(page)).toBe('hydrated');
      // Let effects and any late request happen.
      await page.waitForLoadState('networkidle');
      expect(messages).toEqual([]);
      expect(apiCalls).toEqual([]);
      await context.close();
    });
  }

  for (const { device, path } of [
    { device: 'desktop', path: '//about.html' },
    { device: 'desktop', path: '/details//3.html' },
    { device: 'mobile', path: '/move//zhy.html' },
  ] as const) {
    test(`${path} (${device}) should be the not-found page, 404, also once hydrated`, async ({ browser }) => {
      const { context, page } = await open(browser, device, true);
      const messages: string[] = [];
      page.on('console', (message) => {
        if (/Cross-Origin-Opener-Policy|Origin-Agent-Cluster/.test(message.text())) return;
        // The 404 itself is logged by Chromium as a failed resource.
        if (/status of 404/.test(message.text())) return;
        if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
      });
      page.on('pageerror', (error) => messages.push(error.message));
      // Written out: a URL parser would read the empty segment after the origin as a host.
      const response = await page.goto(mainUrl('') + path);
      expect(response?.status()).toBe(404);
      await mountedRemote(page);
      expect(await startMode(page)).toBe('hydrated');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { name: '抱歉，您访问的页面不存在' })).toBeVisible();
      await expect(page).toHaveTitle(/^页面不存在/);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(messages).toEqual([]);
      await context.close();
    });
  }

  for (const { device, path } of [
    { device: 'desktop', path: '/' },
    { device: 'mobile', path: '/move/index.html' },
  ] as const) {
    test(`${path} (${device}) should hydrate in slices, letting other tasks run in between`, async ({ browser }) => {
      const { context, page } = await open(browser, device, true);
      // A slower CPU (as on a phone): hydrating takes long enough to be split many times.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        // From the moment the shell calls hydrateRoot (it sets __SITE_START__ right after), a message loop counts
        // its own turns until React has adopted the page's last element (React marks an element it hydrated with
        // a __reactFiber$ key). Hydrating in one task leaves the loop two turns; hydrating in slices, more (5–7 here).
        const w = window as unknown as { __turnsWhileHydrating?: number };
        Object.defineProperty(window, '__SITE_START__', {
          configurable: true,
          set(value: string) {
            Object.defineProperty(window, '__SITE_START__', { value, writable: true, configurable: true });
            const elements = document.querySelectorAll('#root *');
            const last = elements[elements.length - 1]!;
            const channel = new MessageChannel();
            let turns = 0;
            channel.port1.onmessage = () => {
              turns += 1;
              if (Object.keys(last).some((key) => key.startsWith('__reactFiber$'))) w.__turnsWhileHydrating = turns;
              else channel.port2.postMessage(null);
            };
            channel.port2.postMessage(null);
          },
        });
      });
      await page.goto(mainUrl(path));
      expect(await mountedRemote(page)).toBe(device === 'desktop' ? 'mf_desktop' : 'mf_mobile');
      expect(await startMode(page)).toBe('hydrated');
      const turns = await page
        .waitForFunction(() => (window as unknown as { __turnsWhileHydrating?: number }).__turnsWhileHydrating)
        .then((handle) => handle.jsonValue());
      expect(turns).toBeGreaterThanOrEqual(3);
      await context.close();
    });
  }

  test('the hydrated page should navigate in the app and load only what the next page needs', async ({ browser }) => {
    const { context, page } = await open(browser, 'desktop', true);
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    const about = page.waitForResponse((r) => r.url().endsWith('/api/about'));
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '关于我们' }).click();
    await about;
    await expect(page).toHaveURL(mainUrl('/about.html'));
    await expect(page).toHaveTitle(/^关于我们 - /);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(documents).toEqual([]);
    await context.close();
  });
});
