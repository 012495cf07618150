import { expect, test } from '@playwright/test';
import type { CaseDetail, CaseSummary, Paged } from '@site/shared-types';
import { apiData } from '../../support/api';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ userAgent: MOBILE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('mobile case details', () => {
  test('should show the cover, and end a long neighbour title with an ellipsis inside its box', async ({
    page,
    request,
  }) => {
    // The seeded case with the longest name, and the case whose previous neighbour it is.
    const found = await apiData<Paged<CaseSummary>>(request, '/api/search', {
      keyword: '粤港澳大湾区',
      type: 1,
      amount: 4,
      page: 0,
    });
    const long = found.data[0]!;
    expect(Array.from(long.name).length).toBeGreaterThan(30);
    const { downId } = await apiData<CaseDetail>(request, '/api/details', { case: long.id });
    const detail = await apiData<CaseDetail>(request, '/api/details', { case: downId });
    expect(detail.upname).toBe(long.name);

    await page.goto(mainUrl(`/move/details/${detail.id}.html`));
    await mountedRemote(page);
    const cover = page.getByRole('img', { name: `${detail.name}封面` });
    await expect(cover).toHaveAttribute('src', detail.img);
    await expect(cover).toBeInViewport();

    const pager = page.getByTestId('pager');
    for (const neighbour of await pager.locator('a, button').all()) {
      const look = await neighbour.evaluate((box) => {
        const text = box.firstElementChild as HTMLElement;
        const style = getComputedStyle(text);
        const inner = box.getBoundingClientRect();
        const padding = parseFloat(getComputedStyle(box).paddingRight);
        return {
          overflow: style.overflowX,
          textOverflow: style.textOverflow,
          whiteSpace: style.whiteSpace,
          // The text box stays inside its link, so the ellipsis is drawn where the visitor sees it.
          inside: text.getBoundingClientRect().right <= inner.right - padding + 0.5,
          cut: text.scrollWidth > text.clientWidth,
          label: box.textContent,
        };
      });
      expect(look, look.label ?? '').toMatchObject({
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        inside: true,
      });
      // Only the long title is too wide for a phone.
      expect(look.cut, look.label ?? '').toBe(look.label.includes(long.name));
    }
  });
});

test.describe('mobile page titles', () => {
  test('a case opened in the site should carry the site title while it loads, then its own', async ({ page }) => {
    await page.goto(mainUrl('/move/index.html'));
    await mountedRemote(page);
    const siteTitle = await page.title();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The read is a GET with its fields in the query.
    await page.route(
      (url) => url.pathname === '/api/details',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    const card = page.getByTestId('case-list').getByRole('link').first();
    const name = await card.getByRole('img').getAttribute('alt');
    await card.click();
    await expect(page.getByText('加载中…')).toBeVisible();
    // Not the not-found title: the case is on its way, not missing.
    expect(await page.title()).toBe(siteTitle);
    release();
    await expect(page).toHaveTitle(`${name} - 云帆科技`);
  });
});
