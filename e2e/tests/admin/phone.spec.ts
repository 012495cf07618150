import { expect, test, type Locator, type Page } from '@playwright/test';
import type { ReleasesOverview } from '@site/shared-types';
import { adminCall, apiToken, loginAs, openScreen } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 390, height: 844 }, userAgent: MOBILE_UA });

/** Nothing on the page is wider than the phone's screen (no sideways scrolling of the whole page). */
async function fitsTheScreen(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/**
 * `text` is on the screen, whole, with a width, and nothing lies over it (the column kept in view at the right of a
 * table used to cover the names of a table that scrolls sideways).
 */
async function readable(text: Locator): Promise<void> {
  await expect(text).toBeInViewport({ ratio: 1 });
  const box = (await text.boundingBox())!;
  expect(box.width).toBeGreaterThan(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const onTop = await text.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const top = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return top !== null && element.contains(top);
  });
  expect(onTop, 'something lies over the text').toBe(true);
}

/** The first row of a table that holds data (a header row holds none). */
const firstDataRow = (scope: Locator) =>
  scope
    .getByRole('row')
    .filter({ has: scope.page().getByRole('cell') })
    .first();

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
    // The list is there, each row as a small card: its name, its fields, its buttons, all in view.
    const row = firstDataRow(page.getByRole('main'));
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

    // The backdrop behind an open drawer dims the whole screen, and tapping it closes the drawer.
    await open.click();
    await expect(menu.getByText('页脚设置', { exact: true })).toBeInViewport();
    const backdrop = page.getByTestId('side-menu-backdrop');
    await expect(backdrop).toBeVisible();
    expect(await backdrop.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await backdrop.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(
      /^rgba\(0, 0, 0, 0\.[1-9]\d*\)$/,
    );
    // The focus is in the drawer, on the screen shown.
    await expect(menu.getByRole('menuitem', { name: '文章管理' })).toBeFocused();
    await backdrop.click({ position: { x: 370, y: 400 } });
    await expect(backdrop).toHaveCount(0);
    await expect(menu.getByText('页脚设置', { exact: true })).not.toBeInViewport();
    await expect(open).toBeFocused();

    // Escape closes it too, and the focus goes back to ☰.
    await open.click();
    await expect(menu.getByText('页脚设置', { exact: true })).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(menu.getByText('页脚设置', { exact: true })).not.toBeInViewport();
    await expect(backdrop).toHaveCount(0);
    await expect(open).toBeFocused();

    // A long editor stacks its fields.
    await open.click();
    await menu.getByText('页脚设置', { exact: true }).click();
    await expect(page.getByLabel('关于我们链接1名称')).toBeInViewport();
    await fitsTheScreen(page);
  });

  test("the first row's name of the case and release lists should be readable", async ({ page, request }) => {
    const token = await apiToken(request);
    const [first] = (await adminCall<{ list: { data: { name: string }[] } }>(request, token, '/api/case', { page: 1 }))
      .list.data;
    const overview = await adminCall<ReleasesOverview>(request, token, '/api/releases');
    const desktop = overview.remotes.find((remote) => remote.remote === 'mf_desktop')!;
    await loginAs(page);

    await readable(firstDataRow(page.getByRole('main')).getByText(first!.name, { exact: true }));
    await fitsTheScreen(page);

    await page.getByRole('button', { name: '打开菜单' }).click();
    await openScreen(page, '版本发布');
    // The table of kept releases (the summary above it is a table of antd's too).
    const releases = page.getByRole('region', { name: '桌面站' }).locator('.ant-table');
    await readable(firstDataRow(releases).getByText(desktop.releases[0]!.release, { exact: true }));
    await fitsTheScreen(page);
  });

  test('the login screen should have no close button and no way to the public home', async ({ page }) => {
    await page.goto(mainUrl('/admin/'));
    await mountedRemote(page);
    await expect(page.getByRole('dialog', { name: '管理员登录' }).getByLabel('邮箱')).toBeVisible();
    await expect(page.getByRole('button', { name: /关闭/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '×' })).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
    await expect(page).toHaveURL(mainUrl('/admin/'));
  });
});
