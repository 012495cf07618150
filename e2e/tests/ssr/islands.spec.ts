import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESKTOP_UA, PHONE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote } from '../../support/site';

// The sections a visitor works with are islands (docs/decisions.md "Islands"): the page's code adopts the rest of the
// page at the visitor's first reach and leaves each island's server markup as it is until the island is reached for
// (or comes into view, or the page scrolls); then the island's own code comes and React adopts it.

async function open(browser: Browser, device: 'desktop' | 'mobile') {
  const context = await browser.newContext(
    device === 'mobile'
      ? { userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { userAgent: DESKTOP_UA, viewport: { width: 1366, height: 900 } },
  );
  return { context, page: await context.newPage() };
}

/** Whether React has adopted the element (it keeps its fiber on an element it hydrated or rendered). */
function adopted(page: Page, selector: string): Promise<boolean> {
  return page.$eval(selector, (element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')));
}

/** The names of the islands on the page, each with whether it is adopted. */
function islands(page: Page): Promise<Record<string, boolean>> {
  return page.$$eval('[data-island]', (wrappers) =>
    Object.fromEntries(
      wrappers.map((wrapper) => [wrapper.getAttribute('data-island'), wrapper.hasAttribute('data-island-ready')]),
    ),
  );
}

test.describe('islands', () => {
  test('desktop about page: the page is adopted, its form, carousel and side tab wait to be reached for', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 'desktop');
    await page.goto(mainUrl('/about.html'));
    // The mouse over the page's top corner: the application starts and adopts the page, not the sections.
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await expect.poll(() => adopted(page, '[data-remote]')).toBe(true);
    await page.waitForTimeout(500);
    const before = await islands(page);
    expect(before).toMatchObject({ 'lead-form': false, carousel: false, 'side-tab': false, 'back-to-top': false });
    expect(await adopted(page, '[data-testid="lead-form"]')).toBe(false);

    // Reaching for the form brings its code; what is typed meanwhile is kept.
    const name = page.locator('#lead-name');
    await name.click();
    await page.keyboard.type('王小明', { delay: 60 });
    await expect(page.locator('[data-island="lead-form"]')).toHaveAttribute('data-island-ready', '');
    expect(await adopted(page, '[data-testid="lead-form"]')).toBe(true);
    await expect(name).toHaveValue('王小明');
    const draft = await page.evaluate(
      () =>
        (
          window as unknown as { __SITE_STORE__: { getState(): { lead: { draft: { name: string } } } } }
        ).__SITE_STORE__.getState().lead.draft.name,
    );
    expect(draft).toBe('王小明');
    // The carousel was not reached for: still the server's markup.
    expect((await islands(page)).carousel).toBe(false);

    // Scrolling wakes the side tab and back-to-top, which appear once the page is scrolled.
    await page.mouse.wheel(0, 600);
    await expect(page.locator('[data-island="side-tab"]')).toHaveAttribute('data-island-ready', '');
    await expect(page.getByTestId('side-tab')).toBeVisible();
    await context.close();
  });

  test('desktop home: a tap on a carousel bullet before its code is kept and answered once it is adopted', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 'desktop');
    // The island's code arrives late: the tap lands on markup React cannot adopt yet.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    await expect.poll(() => adopted(page, '[data-remote]')).toBe(true);
    const carousel = page.locator('[data-island="carousel"]').first();
    expect(await carousel.getAttribute('data-island-ready')).toBeNull();
    await page.route(/\/mf-desktop\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const bullets = carousel.locator('.swiper-pagination-bullet');
    const count = await bullets.count();
    expect(count).toBeGreaterThan(1);
    await bullets.nth(count - 1).click();
    release();
    await expect(carousel).toHaveAttribute('data-island-ready', '');
    await expect(bullets.nth(count - 1)).toHaveClass(/swiper-pagination-bullet-active/);
    await context.close();
  });

  test('mobile: the list adopts itself as it comes into view and loads more at its end', async ({ browser }) => {
    const { context, page } = await open(browser, 'mobile');
    await page.goto(mainUrl('/move/case.html'));
    await mountedRemote(page);
    const list = page.locator('[data-island="more-list"]');
    await expect(list).toHaveAttribute('data-island-ready', '');
    const cards = page.locator('[data-island="more-list"] li');
    const first = await cards.count();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBeGreaterThan(first);
    await context.close();
  });

  test('an island the application renders itself (another page opened in the browser) comes at once', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 'desktop');
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    await expect.poll(() => adopted(page, '[data-remote]')).toBe(true);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    // The footer is adopted with the page: its link opens the contact form in the application.
    await page
      .locator('footer')
      .getByRole('link', { name: /在线留言/ })
      .click();
    await expect(page).toHaveURL(/\/about\.html#message$/);
    await expect(page.locator('[data-island="lead-form"]')).toHaveAttribute('data-island-ready', '');
    await expect(page.getByTestId('lead-form')).toBeVisible();
    expect(documents).toEqual([]);
    await context.close();
  });

  test('once the page is quiet, the code it will need is fetched without running, and then comes from the cache', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 'desktop');
    const fetched: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'document') fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(mainUrl('/about.html'));
    const prefetched = page.locator('link[rel="prefetch"]');
    await expect.poll(() => prefetched.count()).toBeGreaterThan(2);
    const hrefs = await prefetched.evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
    );
    // The entry, the chunks behind it, and the page's remote (its container and its module).
    expect(hrefs.some((href) => /^\/assets\/main\.[0-9a-f]{8}\.js$/.test(href))).toBe(true);
    expect(hrefs.some((href) => /^\/remotes\/mf_desktop\/.+\/remoteEntry\.js$/.test(href))).toBe(true);
    expect(hrefs.some((href) => /__federation_expose_App\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    // Fetched, not run: the application has not started.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as { __SITE_START__?: string }).__SITE_START__)).toBeUndefined();
    const before = fetched.filter((path) => hrefs.includes(path)).length;
    expect(before).toBe(hrefs.length);
    // The visitor reaches for the page: the application runs from what was fetched, nothing asked again.
    fetched.length = 0;
    await mountedRemote(page);
    await page.waitForLoadState('networkidle');
    const again = await page.evaluate(
      (paths) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
          .filter((entry) => paths.includes(new URL(entry.name).pathname))
          .map((entry) => (entry as PerformanceResourceTiming).transferSize),
      hrefs,
    );
    expect(again.length).toBeGreaterThan(0);
    expect(again.every((size) => size === 0)).toBe(true);
    await context.close();
  });
});
