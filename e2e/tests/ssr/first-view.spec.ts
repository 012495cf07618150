import { expect, test, type Browser, type Page } from '@playwright/test';
import { ABOUT_SIDE_TAB_OFFSETS_PX } from '@site/shared-types';
import { DESKTOP_UA, PHONE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote, startMode } from '../../support/site';

// A server-rendered page shows its markup before any of its code runs, and by default starts that code only when
// the visitor reaches for it (docs/decisions.md "First view on phones"). A tap made before then must not be lost,
// even on a phone's CPU (4× slower here, as Lighthouse assumes). How long its answer took is printed as a
// `[first tap]` line, which `npm run bench -- taps` collects over several runs against its 300 ms target: a figure,
// not a limit these tests hold a busy machine to.

/** A page on a phone or a computer, its CPU 4× slower unless `slowCpu` is false, noting each press. */
async function open(browser: Browser, device: 'desktop' | 'mobile', { slowCpu = true } = {}) {
  const context = await browser.newContext(
    device === 'mobile'
      ? { userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { userAgent: DESKTOP_UA, viewport: { width: 1366, height: 900 } },
  );
  const page = await context.newPage();
  if (slowCpu) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  // Each trusted press is noted with the page's state at that moment (wall-clock time, and whether the
  // application had started), before the page's own listeners see it; kept in the tab's session storage, so a
  // press that made the browser load another document is still known there.
  await page.addInitScript(() => {
    const w = window as unknown as { __SITE_START__?: string };
    for (const type of ['pointerdown', 'touchstart']) {
      addEventListener(
        type,
        (event) => {
          if (!event.isTrusted) return;
          const noted = JSON.parse(sessionStorage.getItem('presses') ?? '[]') as Press[];
          noted.push({ at: performance.timeOrigin + event.timeStamp, started: !!w.__SITE_START__ });
          sessionStorage.setItem('presses', JSON.stringify(noted));
        },
        { capture: true, passive: true },
      );
    }
  });
  return { context, page };
}

/** Waits for the first contentful paint of the page being loaded. */
async function firstPaint(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
    polling: 16,
  });
}

interface Press {
  /** When (epoch milliseconds). */
  at: number;
  /** Whether the page's application had started. */
  started: boolean;
}

function presses(page: Page): Promise<Press[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('presses') ?? '[]') as Press[]);
}

test.describe('a tap before the page has its code, on a 4× slower CPU', () => {
  test('desktop: the search button opens the search box', async ({ browser }) => {
    const { context, page } = await open(browser, 'desktop');
    await page.goto(mainUrl('/itemnews.html'), { waitUntil: 'commit' });
    await firstPaint(page);
    const input = page.getByRole('searchbox', { name: '搜索关键词' }).or(page.getByLabel('搜索关键词'));
    // The moment the input becomes visible, seen from inside the page: checked on every frame from the press on.
    await page.evaluate(() => {
      const w = window as unknown as { __searchShownAt?: number };
      const field = document.querySelector<HTMLElement>('[aria-label="搜索关键词"]')!;
      const check = () => {
        if (field.checkVisibility({ visibilityProperty: true }))
          w.__searchShownAt = performance.timeOrigin + performance.now();
        else requestAnimationFrame(check);
      };
      addEventListener('pointerdown', () => requestAnimationFrame(check), { capture: true, once: true });
    });
    await expect(input).toBeHidden();
    await page.getByRole('button', { name: '打开搜索' }).click();
    await expect(input).toBeVisible();
    // The tap reached the application too: opening the search focuses its input.
    await expect(input).toBeFocused();
    const [press] = await presses(page);
    expect(press?.started, 'the page had not started its code when tapped').toBe(false);
    const shownAt = await page.evaluate(() => (window as unknown as { __searchShownAt?: number }).__searchShownAt);
    expect(shownAt!).toBeGreaterThanOrEqual(press!.at);
    console.log(`[first tap] desktop search box: shown ${Math.round(shownAt! - press!.at)} ms after the tap`);
    expect(await startMode(page)).toBe('hydrated');
    await context.close();
  });

  test('mobile: a tab of the bottom bar changes the route', async ({ browser }) => {
    const { context, page } = await open(browser, 'mobile');
    await page.goto(mainUrl('/move/us.html'), { waitUntil: 'commit' });
    await firstPaint(page);
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '案例' }).tap();
    await expect(page).toHaveURL(/\/move\/case\.html$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('客户案例');
    const press = (await presses(page))[0]!;
    expect(press.started, 'the page had not started its code when tapped').toBe(false);
    // Before its code a link navigates: the route changed when the next page's answer began to arrive (the
    // browser commits to it then), seen by that page; in the app it would be at once.
    const routeChangedAt = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance.timeOrigin + entry!.responseStart;
    });
    expect(routeChangedAt).toBeGreaterThanOrEqual(press.at);
    console.log(`[first tap] mobile tab: route changed ${Math.round(routeChangedAt - press.at)} ms after the tap`);
    await context.close();
  });

  test('mobile: the back button goes back', async ({ browser }) => {
    const { context, page } = await open(browser, 'mobile');
    await page.goto(mainUrl('/move/index.html'));
    await page.goto(mainUrl('/move/case.html'), { waitUntil: 'commit' });
    await firstPaint(page);
    await page.getByTestId('back').tap();
    await expect(page).toHaveURL(/\/move\/index\.html$/);
    const [press] = await presses(page);
    expect(press!.started, 'the page had not started its code when tapped').toBe(false);

    await context.close();
  });

  test('mobile: the back-to-top control scrolls the page back up once it is scrolled', async ({ browser }) => {
    const { context, page } = await open(browser, 'mobile');
    await page.goto(mainUrl('/move/zhy.html'), { waitUntil: 'commit' });
    await firstPaint(page);
    // The first scroll upwards after the tap (the page may settle a little before it: that is not the answer).
    await page.evaluate(() => {
      const w = window as unknown as { __upAt?: number };
      const watch = () => {
        let last = scrollY;
        addEventListener('scroll', () => {
          if (scrollY < last) w.__upAt ??= performance.timeOrigin + performance.now();
          last = scrollY;
        });
      };
      addEventListener('touchstart', watch, { capture: true, once: true, passive: true });
    });
    // Scrolling is reaching for the page: the control appears as soon as the code that shows it runs.
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(200);
    const control = page.getByTestId('top-control');
    await control.tap();
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    const [press] = await presses(page);
    const upAt = await page.evaluate(() => (window as unknown as { __upAt?: number }).__upAt);
    expect(upAt!).toBeGreaterThanOrEqual(press!.at);
    console.log(`[first tap] mobile back to top: scrolling ${Math.round(upAt! - press!.at)} ms after the tap`);
    await context.close();
  });

  test('desktop about page: the side tab and go-to-top answer once the first scroll has shown them', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 'desktop');
    await page.goto(mainUrl('/about.html'), { waitUntil: 'commit' });
    await firstPaint(page);
    // The visitor's first act is to scroll: the two islands shown by scrolling come with their own code.
    await page.mouse.move(683, 600);
    await page.mouse.wheel(0, 1400);
    const tab = page.getByTestId('side-tab');
    await expect(tab).toBeVisible();
    const second = tab.getByRole('button').nth(1);
    await second.click();
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(ABOUT_SIDE_TAB_OFFSETS_PX[1]);
    await expect(second).toHaveAttribute('aria-current', 'true');

    await page.mouse.wheel(0, 1600);
    const top = page.getByTestId('go-top');
    await expect(top).toBeVisible();
    await expect(top).not.toHaveAttribute('aria-hidden', 'true');
    await top.click();
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    const [press] = await presses(page);
    expect(press, 'a press was noted').toBeDefined();
    await context.close();
  });
});

test.describe('the first view', () => {
  test('runs only the first-view script until the visitor reaches for the page, then the remote hydrates', async ({
    browser,
  }) => {
    const context = await browser.newContext({ userAgent: DESKTOP_UA, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(mainUrl('/itemnews.html'));
    await page.waitForTimeout(1500);
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/start\.[0-9a-f]{8}\.js$/)]);
    expect(await startMode(page)).toBeUndefined();
    expect(await mountedRemote(page)).toBe('mf_desktop');
    expect(await startMode(page)).toBe('hydrated');
    expect(scripts.some((path) => /^\/assets\/main\.[0-9a-f]{8}\.js$/.test(path))).toBe(true);
    expect(scripts.some((path) => path.includes('/remotes/mf_desktop/'))).toBe(true);
    await context.close();
  });

  for (const { device, path, firstStepMs } of [
    { device: 'mobile', path: '/move/index.html', firstStepMs: 4000 },
    { device: 'desktop', path: '/', firstStepMs: 5000 },
  ] as const) {
    test(`${path} (${device}): the banner steps by itself, on time, and the page starts no code for 10 s`, async ({
      browser,
    }) => {
      const { context, page } = await open(browser, device, { slowCpu: false });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(mainUrl(path));
      const banner = page.getByTestId('banner');
      // Nobody touches the page: the first-view script steps the banner's server markup.
      const shown = () => banner.locator('.swiper').getAttribute('data-plain-shown');
      await expect.poll(shown, { timeout: 20_000, intervals: [50] }).toBe('1');
      const stepped = await page.evaluate(() => performance.now());
      expect(stepped).toBeGreaterThan(firstStepMs - 100);
      console.log(`[first tap] ${device} banner: first step ${Math.round(stepped - firstStepMs)} ms after it was due`);
      await expect(banner.locator('.swiper-pagination-bullet').nth(1)).toHaveClass(/swiper-pagination-bullet-active/);
      await expect.poll(shown, { timeout: 20_000, intervals: [50] }).toBe('2');
      await page.waitForFunction(() => performance.now() > 10_000);
      expect(await startMode(page)).toBeUndefined();
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/start\.[0-9a-f]{8}\.js$/)]);
      await context.close();
    });
  }

  test('a visitor who scrolled before the code arrived keeps the place', async ({ browser }) => {
    const { context, page } = await open(browser, 'mobile');
    await page.goto(mainUrl('/move/zhy.html'));
    await page.mouse.wheel(0, 700);
    await page.waitForFunction(() => (window as { __SITE_START__?: string }).__SITE_START__ === 'hydrated');
    await expect(page.getByTestId('top-control')).toBeVisible();
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(500);
    await context.close();
  });
});
