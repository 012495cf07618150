import { expect, test } from '@playwright/test';
import type { AdminList, CaseAdminRow } from '@site/shared-types';
import {
  adminCall,
  apiToken,
  choose,
  confirmWith,
  loginAs,
  savedId,
  searchRows,
  uploadThrough,
} from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { pngImage } from '../../support/images';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

const png = (name: string, image = pngImage(64, 48)) => ({ name, mimeType: 'image/png', buffer: image });

test.describe('back-office cases', () => {
  test('should create a case with uploads, show it on both sites, edit it and delete it', async ({
    page,
    browser,
    request,
  }) => {
    const name = `E2E 智慧园区小程序 ${Date.now()}`;
    let id = 0;
    const token = await apiToken(request);
    try {
      await loginAs(page);
      await page.getByRole('button', { name: '新增案例' }).click();
      const dialog = page.getByRole('dialog', { name: '新增案例' });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel('案例名称').fill(name);
      await choose(page, dialog, '所属服务', '软件开发');
      await choose(page, dialog, '案例分类', '小程序');
      await dialog.getByRole('radio', { name: '置顶', exact: true }).check();
      await dialog.getByLabel('应用场景').fill('园区服务');
      await dialog.getByLabel('简介').fill('为产业园区打造的一站式服务小程序。');
      await dialog.getByLabel('网站地址', { exact: true }).fill('https://park.example.com');
      await expect(dialog.getByText('只能上传 JPG、PNG、GIF 或 WebP 图片，且不超过 2MB').first()).toBeVisible();

      // A slow upload shows its progress, then a preview of the picture.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 256 * 1024,
      });
      const progress = dialog.getByRole('progressbar', { name: '封面图上传进度' });
      const cover = uploadThrough(page, dialog, '上传封面图', png('cover.png', pngImage(300, 300, { noise: true })));
      await expect(progress).toBeVisible();
      const coverUrl = await cover;
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await expect(progress).toHaveCount(0);
      expect(coverUrl).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      await expect(dialog.getByRole('img', { name: '封面图预览' })).toHaveAttribute('src', coverUrl);
      await expect(dialog.getByLabel('封面图地址')).toHaveValue(coverUrl);

      const qrUrl = await uploadThrough(page, dialog, '上传二维码', png('qr.png', pngImage(40, 40, { colour: 0 })));
      await dialog.getByRole('button', { name: '添加截图' }).click();
      const shotUrl = await uploadThrough(page, dialog, '上传截图 1', png('shot.png'));
      const editor = dialog.getByRole('textbox', { name: '案例详情' });
      await editor.click();
      await page.keyboard.type('项目上线三个月，园区企业入驻办理时间缩短一半。');

      id = await savedId(page, '/api/amendcase', () =>
        dialog.getByRole('button', { name: '发布', exact: true }).click(),
      );
      await expect(page.getByText('保存成功')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // The desktop site: the detail page, the service list and (pinned, newest) the home success cases.
      const desktop = await browser.newPage();
      await desktop.goto(mainUrl(`/details/${id}.html?casemenu=5`));
      await mountedRemote(desktop);
      await expect(desktop.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(desktop.getByRole('img', { name: `${name}二维码` })).toHaveAttribute('src', qrUrl);
      await expect(desktop.getByRole('img', { name: `${name} 截图 1` })).toHaveAttribute('src', shotUrl);
      await expect(desktop.getByText('项目上线三个月，园区企业入驻办理时间缩短一半。')).toBeVisible();
      await desktop.goto(mainUrl('/items/5.html'));
      await expect(desktop.locator(`a[href^="/details/${id}.html"]`).first()).toBeVisible();
      await desktop.goto(mainUrl('/'));
      await expect(desktop.locator(`a[href^="/details/${id}.html"]`).first()).toBeAttached();

      // The mobile site.
      const phone = await browser.newContext({ userAgent: MOBILE_UA, viewport: { width: 375, height: 740 } });
      const mobile = await phone.newPage();
      await mobile.goto(mainUrl(`/move/details/${id}.html`));
      await mountedRemote(mobile);
      await expect(mobile.getByRole('heading', { level: 1 })).toHaveText(name);

      // Edit: the dialog opens with the case, the change shows on the site.
      const row = await searchRows(page, '案例名称', name);
      await expect(row).toHaveCount(1);
      await expect(page.locator('.ant-pagination')).toHaveCount(0);
      await row.getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑案例' });
      await expect(edit.getByLabel('案例名称')).toHaveValue(name);
      await expect(edit.getByLabel('封面图地址')).toHaveValue(coverUrl);
      await edit.getByLabel('案例名称').fill(`${name}（二期）`);
      // Ctrl+S saves the open dialog.
      await page.keyboard.press('Control+s');
      await expect(edit).toHaveCount(0);
      await desktop.goto(mainUrl(`/details/${id}.html?casemenu=5`));
      await expect(desktop.getByRole('heading', { level: 1 })).toHaveText(`${name}（二期）`);
      await mobile.reload();
      await expect(mobile.getByRole('heading', { level: 1 })).toHaveText(`${name}（二期）`);

      // Delete, after confirming.
      await (await searchRows(page, '案例名称', name)).getByRole('button', { name: '删除' }).click();
      await confirmWith(page, '删除');
      await expect(page.getByText('删除成功')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
      const gone = await desktop.goto(mainUrl(`/details/${id}.html?casemenu=5`));
      expect(gone?.status()).toBe(404);
      id = 0;
      await phone.close();
    } finally {
      if (id) await adminCall(request, token, '/api/deletecase', { id });
    }
  });

  test('closing a dialog with unsaved changes should ask, and a new case should start empty', async ({ page }) => {
    await loginAs(page);
    await page.getByRole('row').nth(1).getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: '编辑案例' });
    // The stored case fills the dialog when it has arrived.
    await expect(edit.getByLabel('案例名称')).not.toHaveValue('');
    await edit.getByLabel('案例名称').fill('改了但没保存');
    await edit.getByRole('button', { name: '取消' }).click();
    const ask = page.getByRole('dialog', { name: '内容尚未保存，确定关闭吗？' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '继续编辑' }).click();
    await expect(edit.getByLabel('案例名称')).toHaveValue('改了但没保存');
    await edit.getByRole('button', { name: '取消' }).click();
    await ask.getByRole('button', { name: '关闭' }).click();
    await expect(edit).toHaveCount(0);

    await page.getByRole('button', { name: '新增案例' }).click();
    const create = page.getByRole('dialog', { name: '新增案例' });
    await expect(create.getByLabel('案例名称')).toHaveValue('');
    // Nothing changed: closing does not ask.
    await create.getByRole('button', { name: '取消' }).click();
    await expect(create).toHaveCount(0);
    await expect(ask).toHaveCount(0);
    // Required fields are checked before anything is sent.
    await page.getByRole('button', { name: '新增案例' }).click();
    await create.getByRole('button', { name: '发布', exact: true }).click();
    await expect(create.getByText('请填写案例名称')).toBeVisible();
    await expect(create.getByText('请上传封面图')).toBeVisible();
  });

  test('what is typed in a new case should stay when the list behind the dialog arrives late', async ({ page }) => {
    // The list the back office lands on is held back until the dialog has been filled in. (Holding it on a
    // later visit does not work: the list answered at landing is reused from the cache, nothing is fetched.)
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/case', async (route) => {
      await held;
      await route.continue();
    });
    await loginAs(page);
    await page.getByRole('button', { name: '新增案例' }).click();
    const create = page.getByRole('dialog', { name: '新增案例' });
    await create.getByLabel('案例名称').fill('先写名称再等列表');
    await choose(page, create, '案例分类', '小程序');
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/case');
    answer();
    await listed;
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(create.getByLabel('案例名称')).toHaveValue('先写名称再等列表');
    await expect(create.locator('.ant-select', { has: page.getByLabel('案例分类') })).toContainText('小程序');
  });

  test('deleting the last row of a page should show the previous page', async ({ page, request }) => {
    const token = await apiToken(request);
    const prefix = `分页测试${Date.now()}`;
    const ids: number[] = [];
    try {
      for (let n = 1; n <= 11; n++) {
        const saved = await adminCall<{ id: number }>(request, token, '/api/amendcase', {
          id: 0,
          name: `${prefix}-${String(n).padStart(2, '0')}`,
          img: '/uploads/seed/v1/logo.svg',
          top: 2,
          dict_id: 3,
          class_id: 1,
          create_time: '2001-01-01',
        });
        ids.push(saved.id);
      }
      const list = await adminCall<AdminList<CaseAdminRow>>(request, token, '/api/case', { search: prefix });
      expect(list.list).toMatchObject({ total: 11, per_page: 10, last_page: 2 });

      await loginAs(page);
      const rows = await searchRows(page, '案例名称', prefix);
      await expect(rows).toHaveCount(10);
      const pagination = page.locator('.ant-pagination');
      await expect(pagination).toBeVisible();
      await pagination.getByTitle('2', { exact: true }).click();
      await expect(rows).toHaveCount(1);
      await rows.first().getByRole('button', { name: '删除' }).click();
      await confirmWith(page, '删除');
      await expect(page.getByText('删除成功')).toBeVisible();
      // Page 1 again, and with ten rows left the list fits one page: no pagination.
      await expect(rows).toHaveCount(10);
      await expect(pagination).toHaveCount(0);
    } finally {
      for (const id of ids) await adminCall(request, token, '/api/deletecase', { id }).catch(() => undefined);
    }
  });
});
