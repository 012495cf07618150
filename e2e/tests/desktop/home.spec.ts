import { expect, test, type Locator } from '@playwright/test';
import { PROCESS_STEPS, truncateName, type HeaderData, type IndexData } from '@site/shared-types';
import { apiData } from '../../support/api';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** The real index of the active slide of a swiper carousel. */
const activeSlide = (carousel: Locator) => carousel.locator('.swiper-slide-active').first().getAttribute('data-index');

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
});
