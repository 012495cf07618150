import { expect, test } from '@playwright/test';
import type { CaseDetail, ItemNewsData, ItemsData, NewsDetail } from '@site/shared-types';
import { apiData } from '../../support/api';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('desktop detail pages', () => {
  test('a case should show its cover, pictures, QR, site and content, and walk to its neighbours', async ({
    page,
    request,
  }) => {
    const items = await apiData<ItemsData>(request, '/api/items', { menu: 3 });
    const firstId = items.case.caselist[0]!.id;
    const first = await apiData<CaseDetail>(request, '/api/details', { case: firstId, casemenu: 3 });
    expect(first.upId).toBeNull();
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));

    await page.goto(mainUrl(`/details/${firstId}.html?casemenu=3`));
    await mountedRemote(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    const cover = page.getByRole('img', { name: `${first.name}封面` });
    await expect(cover).toHaveAttribute('src', first.img);
    await expect(cover).toBeInViewport();
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByRole('img', { name: `${first.name}二维码` })).toHaveAttribute('src', first.code_img);
    for (const [index, shot] of first.banner.entries()) {
      await expect(page.getByRole('img', { name: `${first.name} 截图 ${index + 1}` })).toHaveAttribute('src', shot.url);
    }
    if (first.site) await expect(page.getByRole('link', { name: '访问网站' })).toHaveAttribute('href', first.site);
    const pager = page.getByTestId('pager');
    await expect(pager.getByRole('button', { name: /上一个/ })).toBeDisabled();

    // Next: only the route parameter changes, and the page fetches the new case.
    const next = await apiData<CaseDetail>(request, '/api/details', { case: first.downId, casemenu: 3 });
    await pager.getByRole('link', { name: /下一个/ }).click();
    await expect(page).toHaveURL(mainUrl(`/details/${first.downId}.html?casemenu=3`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(next.name);
    await expect(pager.getByRole('link', { name: /上一个/ })).toHaveAttribute(
      'href',
      `/details/${firstId}.html?casemenu=3`,
    );
    expect(documents).toHaveLength(1);
  });

  test('a news article should show its date and body, with neighbours disabled at the ends', async ({
    page,
    request,
  }) => {
    const list = await apiData<ItemNewsData>(request, '/api/itemnews');
    const newest = await apiData<NewsDetail>(request, '/api/itemnewscut', { case: list.newcontent[0]!.id, state: 0 });
    await page.goto(mainUrl(`/news/${newest.id}.html`));
    await mountedRemote(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
    await expect(page.locator('main time')).toContainText(newest.create_time.slice(0, 10));
    const pager = page.getByTestId('pager');
    if (newest.upId === null) await expect(pager.getByRole('button', { name: /上一篇/ })).toBeDisabled();
    const older = await apiData<NewsDetail>(request, '/api/itemnewscut', { case: newest.downId, state: 0 });
    await pager.getByRole('link', { name: /下一篇/ }).click();
    await expect(page).toHaveURL(mainUrl(`/news/${older.id}.html`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(older.title);
  });

  test('every card and menu entry should be a real link with images sized and lazy', async ({ page }) => {
    await page.goto(mainUrl('/webcase/101.html'));
    await mountedRemote(page);
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        w: img.getAttribute('width'),
        h: img.getAttribute('height'),
        lazy: img.getAttribute('loading'),
      })),
    );
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.w && image.h).toBeTruthy();
      expect(image.lazy).toBe('lazy');
    }
    const cards = page.getByTestId('case-list').getByRole('link');
    for (const href of await cards.evaluateAll((links) => links.map((l) => l.getAttribute('href')))) {
      expect(href).toMatch(/^\/details\/\d+\.html\?casemenu=2$/);
    }
  });
});
