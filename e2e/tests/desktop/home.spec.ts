import { expect, test, type Locator, type Page } from '@playwright/test';
import { CAROUSEL, PROCESS_STEPS, truncateName, type HeaderData, type IndexData } from '@site/shared-types';
import { apiData } from '../../support/api';
import { carriesSwiper, directUrl, mainUrl, mountedRemote, swiperScripts } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** The desktop banner's autoplay delay. */
const BANNER_AUTOPLAY_MS = 5000;

/** The real index of the active slide of a swiper carousel. */
const activeSlide = (carousel: Locator) => carousel.locator('.swiper-slide-active').first().getAttribute('data-index');

/** Holds swiper's chunk back until the answered function is called. */
async function holdSwiper(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/remotes/mf_desktop/**/*.js', async (route) => {
    // Fetched from here, where the test host names do not resolve.
    const response = await route.fetch({ url: directUrl(new URL(route.request().url()).pathname) });
    const body = await response.body();
    if (carriesSwiper(body)) await held;
    await route.fulfill({ response, body });
  });
  return release;
}

interface Takeover {
  active: string | null;
  rect: Record<'x' | 'y' | 'width' | 'height', number>;
  takenAt: number;
  stepAt: number | null;
}

/**
 * Watches a carousel in the page from now on, and answers, once swiper has taken it over, what it showed at
 * that moment (the active slide and slide 0's box, read before any step could run), when it took over and when
 * its first step came (`performance.now()` times, counted from the page's opening), or `null` before.
 */
async function watchTakeover(carousel: Locator): Promise<() => Promise<Takeover | null>> {
  const key = `takeover${Math.random().toString(36).slice(2)}`;
  await carousel.evaluate((root, key) => {
    const store = window as unknown as Record<string, Takeover | null>;
    store[key] = null;
    const active = () => root.querySelector<HTMLElement>('.swiper-slide-active')?.dataset.index ?? null;
    const observer = new MutationObserver(() => {
      const seen = store[key];
      if (!seen) {
        if (!root.querySelector('.swiper-initialized')) return;
        const rect = root.querySelector('[data-index="0"]')!.getBoundingClientRect();
        store[key] = { active: active(), rect: rect.toJSON(), takenAt: performance.now(), stepAt: null };
      } else if (active() !== seen.active) {
        seen.stepAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  }, key);
  return () => carousel.page().evaluate((key) => (window as unknown as Record<string, Takeover | null>)[key]!, key);
}

test.describe('desktop home', () => {
  test('should show the banner, four services, success cases, six steps, news and 18 client logos', async ({
    page,
    request,
  }) => {
    const home = await apiData<IndexData>(request, '/api/index');
    const header = await apiData<HeaderData>(request, '/api/header');
    await page.goto(mainUrl('/'));
    await mountedRemote(page);

    const banner = page.getByTestId('banner');
    for (const slide of header.banner) {
      await expect(banner.getByRole('img', { name: slide.title }).first()).toHaveAttribute('src', slide.pic);
    }

    const services = page.getByTestId('services').locator(':scope > li');
    await expect(services).toHaveCount(4);
    for (const [index, service] of home.service.entries()) {
      const card = services.nth(index);
      await expect(card.getByRole('heading', { name: service.name })).toBeVisible();
      await expect(card.locator('ul li')).toHaveCount(3);
      await expect(card.getByRole('link')).toHaveAttribute('href', `/items/${service.id}.html`);
    }
    expect(home.service.map((s) => s.id)).toEqual([3, 4, 5, 6]);

    const success = page.getByTestId('success-cases');
    await expect(page.getByRole('heading', { name: home.success.title })).toBeVisible();
    const cases = home.success.content.slice(0, 4);
    const hrefs = new Set(
      await success.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    );
    expect([...hrefs].sort()).toEqual(cases.map((item) => `/details/${item.id}.html?casemenu=2`).sort());
    for (const item of cases) {
      await expect(success.getByText(truncateName(item.name), { exact: true }).first()).toBeAttached();
    }
    const long = cases.find((item) => item.name.length > 30);
    if (long) expect(truncateName(long.name)).toMatch(/\.\.\.$/);
    await expect(page.getByRole('link', { name: '了解更多' }).first()).toHaveAttribute('href', '/webcase/101.html');

    const steps = page.getByTestId('process-steps').locator('li');
    await expect(steps).toHaveCount(6);
    await expect(steps).toHaveText(PROCESS_STEPS.map((step) => new RegExp(step.name)));
    await steps.nth(3).hover();
    await expect(steps.nth(3)).toHaveAttribute('data-active', 'true');
    await expect(steps.nth(0)).not.toHaveAttribute('data-active', 'true');

    const news = page.getByTestId('news-list').getByRole('link');
    const viewpoint = home.dynamic.content.viewpoint.content.slice(0, 4);
    await expect(news).toHaveCount(viewpoint.length);
    for (const [index, item] of viewpoint.entries()) {
      await expect(news.nth(index)).toHaveAttribute('href', `/news/${item.id}.html`);
      // Day on top, year-month below.
      await expect(news.nth(index).locator('time b')).toHaveText(item.day);
      await expect(news.nth(index).locator('time span')).toHaveText(item.month);
    }
    await expect(page.getByRole('heading', { name: home.dynamic.title }).getByRole('link')).toHaveAttribute(
      'href',
      '/itemnews.html',
    );

    await expect(page.getByTestId('client-logos').getByRole('img')).toHaveCount(18);
    await expect(page.getByRole('link', { name: '了解更多' }).last()).toHaveAttribute('href', '/webcase/101.html');
  });

  test('should play the success-case carousel by itself, 3 per view, and keep playing after a touch', async ({
    page,
  }) => {
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const carousel = page.getByTestId('success-cases');
    await carousel.scrollIntoViewIfNeeded();
    // Three slides per view with 25 px between them.
    const widths = await carousel
      .locator('.swiper-slide-active')
      .evaluate((slide) => [slide.getBoundingClientRect().width, parseFloat(getComputedStyle(slide).marginRight)]);
    const container = await carousel.locator('.swiper').evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(widths[0]! * 3 + 50 - container)).toBeLessThan(2);
    expect(widths[1]).toBe(25);

    const first = await activeSlide(carousel);
    await expect.poll(() => activeSlide(carousel), { timeout: 5000 }).not.toBe(first);
    // Autoplay continues after the visitor uses the carousel.
    await carousel.locator('.swiper-pagination-bullet').nth(2).click();
    const touched = await activeSlide(carousel);
    await expect.poll(() => activeSlide(carousel), { timeout: 5000 }).not.toBe(touched);
  });

  test('should show both carousels without swiper first, load it shortly before the first step, and step on time', async ({
    page,
  }) => {
    const swiper = swiperScripts(page);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (/Cross-Origin-Opener-Policy|Origin-Agent-Cluster/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    // Swiper's chunk is held back until the first view has been looked at (the page asks for it 1.5 s after
    // opening, which a busy machine may reach before the checks below).
    const release = await holdSwiper(page);
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const success = page.getByTestId('success-cases');
    const banner = page.getByTestId('banner');
    // The first view: plain markup, first slides and bullets shown, no swiper code fetched.
    await expect(banner.locator('.swiper-slide[data-index="0"] img')).toBeInViewport();
    await expect(success.locator('.swiper-pagination-bullet')).toHaveCount(8);
    await expect(success.locator('.swiper-pagination-bullet-active')).toHaveCount(1);
    expect(await page.locator('.swiper-initialized').count()).toBe(0);
    expect(swiper).toEqual([]);
    // Laid out as swiper starts its loop: the last case, then the first one in the middle.
    const order = await success.locator('.swiper-slide').evaluateAll((slides) =>
      slides
        .map((slide) => ({ index: (slide as HTMLElement).dataset.index, x: slide.getBoundingClientRect().x }))
        .sort((a, b) => a.x - b.x)
        .map((slide) => slide.index),
    );
    expect(order.slice(0, 2)).toEqual(['7', '0']);
    const before = await success.locator('[data-index="0"]').boundingBox();
    const takeover = await watchTakeover(success);
    release();

    // Swiper takes over without moving anything. What the page showed at that moment is read in the page, so a
    // step that follows at once (the chunk came after the step was due) cannot be mistaken for a moved takeover.
    await expect(success.locator('.swiper-initialized')).toBeAttached({ timeout: 5000 });
    await expect.poll(() => takeover(), { timeout: 5000 }).toMatchObject({ stepAt: expect.any(Number) });
    const seen = (await takeover())!;
    expect(seen.active).toBe('0');
    for (const side of ['x', 'y', 'width', 'height'] as const)
      expect(Math.abs(seen.rect[side] - before![side])).toBeLessThan(1);
    // The script's body is read after its response arrives: wait for it to be counted.
    await expect.poll(() => swiper.length).toBe(1);
    // The first step comes 2.5 s after the page opened, or at once if swiper only came after that, never early
    // (autoplay by itself would step a whole delay after swiper took over).
    const due = Math.max(CAROUSEL.home.autoplayMs, seen.takenAt);
    expect(seen.stepAt!).toBeGreaterThan(CAROUSEL.home.autoplayMs - 50);
    expect(seen.stepAt! - due).toBeLessThan(1000);
    expect(await activeSlide(success)).not.toBe('0');
    // The banner takes its own first step (5 s) on the same chunk.
    await expect.poll(() => activeSlide(banner), { timeout: 8000 }).toBe('1');
    expect(swiper).toHaveLength(1);
    expect(messages).toEqual([]);
  });

  test('should keep the banner playing when swiper arrives just as its first step is due', async ({ page }) => {
    const release = await holdSwiper(page);
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const banner = page.getByTestId('banner');
    const takeover = await watchTakeover(banner);
    // Swiper re-seats itself a few frames after it starts: a step taken in between was undone, and autoplay
    // stopped for good. Released just before the step is due, the takeover sometimes lands in that window (about
    // one run in 20); shell/platform's on-demand-carousel.spec.ts checks the rule every time.
    await page.waitForFunction((at) => performance.now() > at, BANNER_AUTOPLAY_MS - 60, { polling: 5 });
    release();
    await expect.poll(takeover, { timeout: 5000 }).toMatchObject({ stepAt: expect.any(Number) });
    const { stepAt } = (await takeover())!;
    await page.waitForFunction((at) => performance.now() > at, stepAt! + CAROUSEL.home.speed + 200);
    expect(await activeSlide(banner)).toBe('1');
    // And autoplay goes on: the next step a delay later.
    await expect.poll(() => activeSlide(banner), { timeout: BANNER_AUTOPLAY_MS + 2000 }).toBe('2');
  });

  test('should start swiper at the first touch of a carousel, and give the focus back to the slide that had it', async ({
    page,
  }) => {
    const swiper = swiperScripts(page);
    await page.goto(mainUrl('/'), { waitUntil: 'domcontentloaded' });
    const banner = page.getByTestId('banner');
    expect(swiper).toEqual([]);
    // Keyboard focus into the banner (its first slide's link), even before the page's code runs, loads swiper
    // long before the banner's first step.
    await banner.locator('[data-index="0"] a').focus();
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await expect(banner.locator('.swiper-initialized')).toBeAttached({ timeout: 3000 });
    await expect(banner.locator('.swiper-slide[data-index="0"] a')).toBeFocused();
    expect(swiper).toHaveLength(1);
  });
});
