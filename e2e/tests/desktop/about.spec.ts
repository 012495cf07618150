import { expect, test } from '@playwright/test';
import { ABOUT_SIDE_TAB_OFFSETS_PX, PROCESS_STEPS, type AboutData, type ContactData } from '@site/shared-types';
import { apiData } from '../../support/api';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('desktop about page', () => {
  test('should show the profile, the three inspirations, six coloured steps, honours and the contact map', async ({
    page,
    request,
  }) => {
    const about = await apiData<AboutData>(request, '/api/about');
    const contact = await apiData<ContactData>(request, '/api/contact');
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    // The page is 关于我们; the profile's title (公司简介) heads its own section, once.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('关于我们');
    await expect(page.getByRole('heading', { name: about.profile.title })).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: about.profile.title })).toBeVisible();
    for (const text of about.profile.paragraphs) await expect(page.getByText(text)).toBeVisible();
    expect(about.culture.items.map((item) => item.title)).toEqual(['壁画艺术', '篆刻艺术', '航天精神']);
    for (const item of about.culture.items) await expect(page.getByRole('heading', { name: item.title })).toBeVisible();

    const steps = page.getByTestId('process-steps').locator('li');
    await expect(steps).toHaveCount(6);
    for (const [index, step] of PROCESS_STEPS.entries()) {
      await expect(steps.nth(index)).toHaveCSS('border-top-color', hexToRgb(step.color));
    }
    await steps.nth(5).hover();
    await expect(steps.nth(5)).toHaveAttribute('data-active', 'true');

    const honours = page.getByTestId('honours');
    for (const item of about.honours.items) {
      await expect(honours.getByRole('img', { name: item.title }).first()).toBeAttached();
    }
    // Without a map provider, the drawn map card with the address (never a broken frame).
    const map = page.getByTestId('map-fallback');
    await expect(map).toContainText(contact.address);
    await expect(map.getByRole('link', { name: '在地图中查看' })).toHaveAttribute(
      'href',
      new RegExp(`position=${contact.map.lng},${contact.map.lat}`),
    );
  });

  test('the title band and the sections below it should start at the same left edge', async ({ page }) => {
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
    const profile = page.getByRole('region', { name: '公司简介' });
    const heading = (await profile.getByRole('heading', { level: 2 }).boundingBox())!;
    const text = (await profile.locator('p').first().boundingBox())!;
    expect(Math.abs(heading.x - title.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(text.x - title.x)).toBeLessThanOrEqual(2);
  });

  test('should play the honours carousel by itself', async ({ page }) => {
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    const carousel = page.getByTestId('honours');
    // The bullet of the slide shown: the page steps the carousel by itself until a touch brings swiper.
    const active = () =>
      carousel
        .locator('.swiper-pagination-bullet')
        .evaluateAll((bullets) => bullets.findIndex((bullet) => bullet.matches('.swiper-pagination-bullet-active')));
    const first = await active();
    await expect.poll(active, { timeout: 8000 }).not.toBe(first);
    // Touched, it goes on playing with swiper.
    await carousel.hover();
    await expect(carousel.locator('.swiper-initialized')).toBeAttached({ timeout: 5000 });
    const touched = await active();
    await expect.poll(active, { timeout: 8000 }).not.toBe(touched);
  });

  test('should show the side tab past 200 px and scroll to 0, 710, 1320 and 1920 px over 800 ms', async ({
    page,
    request,
  }) => {
    const about = await apiData<AboutData>(request, '/api/about');
    // The page's clock: the scroll animation is measured in the time the page itself counts.
    await page.clock.install();
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    const tab = page.getByTestId('side-tab');
    await expect(tab).toBeHidden();
    expect(await tab.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('1s');
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForTimeout(300);
    await expect(tab).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 260));
    await expect(tab).toBeVisible();
    // The entries name the sections they lead to.
    await expect(tab.getByRole('button')).toHaveText([
      '关于我们',
      about.culture.title,
      about.process.title,
      about.honours.title,
    ]);

    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.clock.pauseAt(Date.now() + 1000);
    for (const index of [1, 2, 3, 0]) {
      const name = (await tab.getByRole('button').nth(index).textContent())!;
      const from = await scrollY();
      const to = Math.min(ABOUT_SIDE_TAB_OFFSETS_PX[index]!, max);
      await tab.getByRole('button').nth(index).click();
      await expect(tab.getByRole('button').nth(index)).toHaveAttribute('aria-current', 'true');
      // Under way for the first 700 ms, there by 816 ms (800 ms and the frame that ends it).
      await page.clock.runFor(100);
      const early = await scrollY();
      expect(Math.abs(early - from), `${name}: moving after 100 ms`).toBeGreaterThan(0);
      expect(Math.abs(to - early), `${name}: far from the end after 100 ms`).toBeGreaterThan(Math.abs(to - from) / 2);
      await page.clock.runFor(600);
      expect(Math.abs(to - (await scrollY())), `${name}: not there after 700 ms`).toBeGreaterThan(0);
      await page.clock.runFor(116);
      expect(await scrollY(), `${name}: there after 816 ms`).toBe(to);
    }
    await page.clock.resume();
    await expect(tab).toBeHidden();
  });

  test('at 1366 px the process subtitle and the side tab should leave the step cards uncovered', async ({ page }) => {
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    const steps = page.getByTestId('process-steps').locator('li');
    await steps.nth(5).evaluate((step) => step.scrollIntoView({ block: 'center' }));
    const tab = page.getByTestId('side-tab');
    await expect(tab).toBeVisible();
    const subtitle = (await page.locator('section[aria-labelledby="about-process"] p').first().boundingBox())!;
    const tabBox = (await tab.boundingBox())!;
    // The first card is the highlighted one, raised by its transform.
    await expect(steps.first()).toHaveAttribute('data-active', 'true');
    for (let index = 0; index < 6; index++) {
      const card = (await steps.nth(index).boundingBox())!;
      expect(subtitle.y + subtitle.height, `subtitle above card ${index + 1}`).toBeLessThanOrEqual(card.y);
      // The tab is level with the cards here: it must stay right of them.
      expect(tabBox.y < card.y + card.height && card.y < tabBox.y + tabBox.height).toBe(true);
      expect(card.x + card.width, `side tab clear of card ${index + 1}`).toBeLessThanOrEqual(tabBox.x);
    }
  });
});

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
