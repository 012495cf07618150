import { expect, test } from '@playwright/test';
import { PROCESS_STEPS, type AboutData, type ContactData } from '@site/shared-types';
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.profile.title);
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

  test('should play the honours carousel by itself', async ({ page }) => {
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    const carousel = page.getByTestId('honours');
    const active = () => carousel.locator('.swiper-slide-active').first().getAttribute('data-index');
    const first = await active();
    await expect.poll(active, { timeout: 6000 }).not.toBe(first);
  });

  test('should show the side tab past 200 px and scroll to 0, 710, 1320 and 1920 px over 800 ms', async ({ page }) => {
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

    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    for (const [index, [name, offset]] of (
      [
        ['品牌文化', 710],
        ['产品流程', 1320],
        ['公司荣誉', 1920],
        ['关于我们', 0],
      ] as const
    ).entries()) {
      const started = Date.now();
      await tab.getByRole('button', { name }).click();
      await expect(tab.getByRole('button', { name })).toHaveAttribute('aria-current', 'true');
      await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.min(offset, max));
      expect(Date.now() - started, `scroll ${index}`).toBeGreaterThanOrEqual(600);
      if (offset === 0) await expect(tab).toBeHidden();
    }
  });
});

function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
