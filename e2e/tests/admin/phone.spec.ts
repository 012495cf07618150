import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl } from '../../support/site';

test.use({ viewport: { width: 390, height: 844 }, userAgent: MOBILE_UA });

/** Nothing on the page is wider than the phone's screen (no sideways scrolling of the whole page). */
async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.describe('back office on a phone', () => {
  test('the side menu should be a drawer opened from the top bar, and screens should fit the screen', async ({
    page,
  }) => {
    // The admin path stays the back office on a phone (docs/behaviour.md#redirect-rules: only the site's root goes to
    // /move/).
    await loginAs(page);
    const menu = page.getByRole('navigation', { name: '后台菜单' });
    const open = page.getByRole('button', { name: '打开菜单' });
    await expect(open).toBeVisible();
    await expect(menu.getByText('文章管理', { exact: true })).not.toBeInViewport();
    // The list is there, its wide columns scroll inside the table while each row's actions stay in view.
    const row = page.getByRole('row').nth(1);
    await expect(row).toBeInViewport();
    await expect(row.getByRole('button', { name: '编辑' })).toBeInViewport({ ratio: 1 });
    await expect(row.getByRole('button', { name: '删除' })).toBeInViewport({ ratio: 1 });
    await fitsTheScreen(page);

    await open.click();
    await expect(menu.getByText('文章管理', { exact: true })).toBeInViewport();
    await menu.getByText('文章管理', { exact: true }).click();
    await expect(page).toHaveURL(mainUrl('/admin/index/article'));
    // Choosing a screen closes the drawer.
    await expect(page.getByRole('button', { name: '打开菜单' })).toBeVisible();
    await expect(menu.getByText('文章管理', { exact: true })).not.toBeInViewport();
    await expect(page.getByRole('button', { name: '新增文章' })).toBeInViewport();
    await fitsTheScreen(page);

    // The mask behind an open drawer closes it too.
    await open.click();
    await expect(menu.getByText('页脚设置', { exact: true })).toBeInViewport();
    await page.mouse.click(370, 400);
    await expect(menu.getByText('页脚设置', { exact: true })).not.toBeInViewport();

    // A long editor stacks its fields.
    await open.click();
    await menu.getByText('页脚设置', { exact: true }).click();
    await expect(page.getByLabel('关于我们链接1名称')).toBeInViewport();
    await fitsTheScreen(page);
  });
});
