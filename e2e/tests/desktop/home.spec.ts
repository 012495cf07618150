import { expect, test, type Locator } from '@playwright/test';
import { CAROUSEL, PROCESS_STEPS, truncateName, type HeaderData, type IndexData } from '@site/shared-types';
import { apiData } from '../../support/api';
import { mainUrl, mountedRemote, startMode, swiperScripts } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** The desktop banner's autoplay delay. */
const BANNER_AUTOPLAY_MS = 5000;

/** The real index of the active slide of a swiper carousel. */
const activeSlide = (carousel: Locator) => carousel.locator('.swiper-slide-active').first().getAttribute('data-index');

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
    // The pointer over it brings swiper.
    await carousel.hover();
    await expect(carousel.locator('.swiper-initialized')).toBeAttached({ timeout: 5000 });
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

  test('should step both carousels without swiper, then hand them to swiper at a touch, on the slide shown', async ({
    page,
  }) => {
    const swiper = swiperScripts(page);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (/Cross-Origin-Opener-Policy|Origin-Agent-Cluster/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.goto(mainUrl('/'));
    const success = page.getByTestId('success-cases');
    const banner = page.getByTestId('banner');
    // The first view: plain markup, first slides and bullets shown, no swiper code fetched.
    await expect(banner.locator('.swiper-slide[data-index="0"] img')).toBeInViewport();
    await expect(success.locator('.swiper-pagination-bullet')).toHaveCount(8);
    await expect(success.locator('.swiper-pagination-bullet-active')).toHaveCount(1);
    expect(await page.locator('.swiper-initialized').count()).toBe(0);
    // Laid out as swiper starts its loop: the last case, then the first one in the middle.
    const order = () =>
      success.locator('.swiper-slide').evaluateAll((slides) =>
        slides
          .map((slide) => ({ index: (slide as HTMLElement).dataset.index, x: slide.getBoundingClientRect().x }))
          .sort((a, b) => a.x - b.x)
          .map((slide) => slide.index),
      );
    expect((await order()).slice(0, 2)).toEqual(['7', '0']);

    // Nobody touches the page: both carousels step by themselves, on time, without the application or swiper.
    const plainShown = (carousel: Locator) => carousel.locator('.swiper').getAttribute('data-plain-shown');
    await expect.poll(() => plainShown(success), { timeout: 10_000, intervals: [50] }).toBe('1');
    expect(await page.evaluate(() => performance.now())).toBeGreaterThan(CAROUSEL.home.autoplayMs - 100);
    await page.waitForTimeout(CAROUSEL.home.speed + 100);
    expect((await order()).slice(0, 3)).toEqual(['0', '1', '2']);
    await expect(success.locator('.swiper-pagination-bullet').nth(1)).toHaveClass(/swiper-pagination-bullet-active/);
    await expect.poll(() => plainShown(banner), { timeout: 10_000, intervals: [50] }).toBe('1');
    expect(await page.evaluate(() => performance.now())).toBeGreaterThan(BANNER_AUTOPLAY_MS - 100);
    expect(await startMode(page)).toBeUndefined();
    expect(swiper).toEqual([]);

    // A bullet answers at once, before any code.
    await success.locator('.swiper-pagination-bullet').nth(5).click();
    expect(await plainShown(success)).toBe('5');

    // The first touch brings swiper, which starts on the slide shown, in the same place.
    const shown = Number(await plainShown(success));
    const before = await success.locator(`[data-index="${shown}"]`).boundingBox();
    const takeover = await watchTakeover(success);
    await success.hover();
    await expect(success.locator('.swiper-initialized')).toBeAttached({ timeout: 5000 });
    await expect.poll(() => takeover(), { timeout: 5000 }).not.toBeNull();
    const seen = (await takeover())!;
    expect([String(shown), String((shown + 1) % 8)]).toContain(seen.active);
    if (seen.active === String(shown)) {
      const after = await success.locator(`.swiper-slide-active[data-index="${shown}"]`).boundingBox();
      for (const side of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs(after![side] - before![side])).toBeLessThan(1);
    }
    // The script's body is read after its response arrives: wait for it to be counted.
    await expect.poll(() => swiper.length).toBe(1);
    // And it goes on playing.
    await expect.poll(() => activeSlide(success), { timeout: 8000 }).not.toBe(seen.active);
    expect(messages).toEqual([]);
  });

  test("should keep the banner's pace when swiper takes over between two steps", async ({ page }) => {
    await page.goto(mainUrl('/'));
    const banner = page.getByTestId('banner');
    // The first step (5 s) is taken by the page alone; the touch comes a second later.
    await page.waitForFunction((at) => performance.now() > at, BANNER_AUTOPLAY_MS + 1000);
    expect(await banner.locator('.swiper').getAttribute('data-plain-shown')).toBe('1');
    const takeover = await watchTakeover(banner);
    await banner.locator('.swiper-pagination').hover();
    await expect.poll(takeover, { timeout: 5000 }).toMatchObject({ active: '1' });
    // The next step comes a delay after the first one (10 s), not a delay after swiper came.
    await expect.poll(takeover, { timeout: BANNER_AUTOPLAY_MS + 2000 }).toMatchObject({ stepAt: expect.any(Number) });
    const { stepAt } = (await takeover())!;
    expect(stepAt!).toBeGreaterThan(2 * BANNER_AUTOPLAY_MS - 100);
    expect(stepAt!).toBeLessThan(2 * BANNER_AUTOPLAY_MS + 1000);
    expect(await activeSlide(banner)).toBe('2');
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
