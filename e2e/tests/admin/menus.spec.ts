import { expect, test } from '@playwright/test';
import type { MenuForm } from '@site/shared-types';
import { adminCall, apiToken, confirmWith, loginAs, openScreen, savedId } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('back-office menus', () => {
  test('the edit form should ask for a parent only for grades 2 and 3 and keep positions in range', async ({
    page,
  }) => {
    await loginAs(page);
    await openScreen(page, '菜单管理');
    const home = page.getByRole('row', { name: /^首页/ });
    await expect(home.getByRole('button', { name: '删除首页' })).toBeDisabled();

    await page.getByRole('button', { name: '新增栏目' }).click();
    const dialog = page.getByRole('dialog', { name: '新增栏目' });
    const parent = dialog.getByLabel('上级栏目');
    await expect(dialog.getByRole('radio', { name: '一级栏目' })).toBeChecked();
    await expect(parent).toHaveCount(0);
    await dialog.getByText('二级栏目', { exact: true }).click();
    await expect(parent).toBeVisible();
    await parent.click();
    // A grade-2 menu hangs under a grade-1 one.
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // Polled: the open list may still be rendering its options when the first one shows.
    await expect
      .poll(() => options.allInnerTexts())
      .toEqual(
        expect.arrayContaining(['首页', '客户案例', '网站建设', '新媒体营销', '软件开发', '品牌设计', '关于我们']),
      );
    expect(await options.allInnerTexts()).not.toContain('品牌官网');
    await page.keyboard.press('Escape');
    await dialog.getByText('三级栏目', { exact: true }).click();
    await expect(parent).toBeVisible();
    await dialog.getByText('一级栏目', { exact: true }).click();
    await expect(parent).toHaveCount(0);

    // Seven top-level entries are shown on the desktop site: a new one may take positions 2 to 8.
    await expect(dialog.getByText('可选 2 – 8').first()).toBeVisible();
    const position = dialog.getByLabel('PC端位置', { exact: true });
    await expect(position).toHaveValue('8');
    await position.fill('1');
    await position.press('Tab');
    await expect(position).toHaveValue('2');
    await position.fill('12');
    await position.press('Tab');
    await expect(position).toHaveValue('8');
    // A hidden entry's position does not apply.
    await dialog.getByRole('switch', { name: '移动端显示' }).click();
    await expect(dialog.getByLabel('移动端位置', { exact: true })).toBeDisabled();
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('请填写栏目名称')).toBeVisible();
  });

  test('a new menu opened before the menu list has arrived should still default to the last position', async ({
    page,
  }) => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/menu', async (route) => {
      await held;
      await route.continue();
    });
    await loginAs(page);
    await openScreen(page, '菜单管理');
    await page.getByRole('button', { name: '新增栏目' }).click();
    const dialog = page.getByRole('dialog', { name: '新增栏目' });
    const position = dialog.getByLabel('PC端位置', { exact: true });
    await expect(position).toHaveValue('2');
    answer();
    await expect(position).toHaveValue('8');
  });

  test('menus made, changed and removed in the back office should show on both sites', async ({
    page,
    browser,
    request,
  }) => {
    const token = await apiToken(request);
    const original = await adminCall<MenuForm>(request, token, '/api/getmenu', { menuid: 3 });
    const created: number[] = [];
    const stamp = Date.now() % 100000;
    try {
      await loginAs(page);
      await openScreen(page, '菜单管理');

      // A new top-level menu, last on the desktop navigation.
      await page.getByRole('button', { name: '新增栏目' }).click();
      const dialog = page.getByRole('dialog', { name: '新增栏目' });
      await dialog.getByLabel('栏目名称').fill(`行业方案${stamp}`);
      await dialog.getByLabel('栏目简介').fill('面向制造、医疗与教育行业的整体数字化方案。');
      const topId = await savedId(page, '/api/amendmenu', () => dialog.getByRole('button', { name: '保存' }).click());
      created.push(topId);
      await expect(page.getByText('保存成功')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('row', { name: new RegExp(`^行业方案${stamp}`) })).toContainText('显示 · 第8位');

      const desktop = await browser.newPage();
      await desktop.goto(mainUrl('/'));
      await mountedRemote(desktop);
      const nav = desktop.getByRole('navigation', { name: '主导航' }).getByRole('link');
      await expect(nav.last()).toHaveText(`行业方案${stamp}`);
      await expect(nav.last()).toHaveAttribute('href', `/items/${topId}.html`);

      // A sub-menu of 网站建设, offered on its service page while shown on the desktop site.
      await page.getByRole('button', { name: '给网站建设添加子栏目' }).click();
      const child = page.getByRole('dialog', { name: '新增栏目' });
      await expect(child.getByRole('radio', { name: '二级栏目' })).toBeChecked();
      await expect(child.getByLabel('上级栏目')).toBeVisible();
      await expect(child.getByText('网站建设', { exact: true })).toBeVisible();
      await child.getByLabel('栏目名称').fill(`外贸独立站${stamp}`);
      await child.getByLabel('栏目简介').fill('多语言站点与海外推广一体化。');
      const childId = await savedId(page, '/api/amendmenu', () => child.getByRole('button', { name: '保存' }).click());
      created.unshift(childId);
      await desktop.goto(mainUrl('/items/3.html'));
      const offerings = desktop.getByRole('list', { name: '服务内容' });
      await expect(offerings).toContainText(`外贸独立站${stamp}`);

      // Hidden on the desktop site: gone from the service page.
      await page.getByRole('button', { name: '全部展开' }).click();
      await page.getByRole('button', { name: `编辑外贸独立站${stamp}` }).click();
      const edit = page.getByRole('dialog', { name: '编辑栏目' });
      await expect(edit.getByLabel('栏目名称')).toHaveValue(`外贸独立站${stamp}`);
      await edit.getByRole('switch', { name: 'PC端显示' }).click();
      await edit.getByRole('button', { name: '保存' }).click();
      await expect(edit).toHaveCount(0);
      await desktop.reload();
      await expect(offerings).not.toContainText(`外贸独立站${stamp}`);

      // The service's own text shows on the desktop and mobile service pages.
      await page.getByRole('button', { name: '编辑网站建设' }).click();
      const service = page.getByRole('dialog', { name: '编辑栏目' });
      await expect(service.getByLabel('栏目名称')).toHaveValue('网站建设');
      // Fixed menus keep their grade.
      await expect(service.getByRole('radio', { name: '一级栏目' })).toBeDisabled();
      await service.getByLabel('栏目简介').fill(`企业官网、营销型网站与商城，一站式交付。${stamp}`);
      await service.getByRole('button', { name: '保存' }).click();
      await expect(service).toHaveCount(0);
      await desktop.reload();
      await expect(desktop.getByText(`企业官网、营销型网站与商城，一站式交付。${stamp}`)).toBeVisible();
      const phone = await browser.newContext({ userAgent: MOBILE_UA, viewport: { width: 375, height: 740 } });
      const mobile = await phone.newPage();
      await mobile.goto(mainUrl('/move/items/3.html'));
      await mountedRemote(mobile);
      await expect(mobile.getByText(`企业官网、营销型网站与商城，一站式交付。${stamp}`)).toBeVisible();
      await phone.close();

      // Delete the sub-menu, then the top-level menu: both leave the sites.
      await page.getByRole('button', { name: `删除外贸独立站${stamp}` }).click();
      await confirmWith(page, '删除');
      await expect(page.getByText('删除成功')).toBeVisible();
      created.shift();
      await page.getByRole('button', { name: `删除行业方案${stamp}` }).click();
      await confirmWith(page, '删除');
      await expect(page.getByRole('row', { name: new RegExp(`^行业方案${stamp}`) })).toHaveCount(0);
      created.shift();
      await desktop.reload();
      await expect(nav.last()).toHaveText('关于我们');
    } finally {
      for (const id of created) await adminCall(request, token, '/api/deletemenu', { id }).catch(() => undefined);
      await adminCall(request, token, '/api/amendmenu', original);
    }
  });
});
