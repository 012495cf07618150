import { expect, test, type Page } from '@playwright/test';
import type { AdminList, MediaItem } from '@site/shared-types';
import { adminCall, apiToken, confirmWith, loginAs, openScreen } from '../../support/admin';
import { pngImage } from '../../support/images';
import { directUrl } from '../../support/site';

test.use({ viewport: { width: 1440, height: 900 } });

/** The library's cards, after a search by name. */
async function searchLibrary(page: Page, text: string) {
  await page.getByPlaceholder('图片名称').fill(text);
  await page.getByPlaceholder('图片名称').press('Enter');
  return page.getByTestId('media-card').filter({ hasText: text });
}

test.describe('back-office media library', () => {
  test('should list pictures, put one into a case from the picker, and then refuse to delete it', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const stamp = Date.now();
    const picture = `E2E 媒体库横幅 ${stamp}.png`;
    const caseName = `E2E 媒体库案例 ${stamp}`;
    const upload = await request.post(directUrl('/api/uploader'), {
      headers: { token },
      multipart: { file: { name: picture, mimeType: 'image/png', buffer: pngImage(320, 180) } },
    });
    const { url } = ((await upload.json()) as { data: { url: string } }).data;
    const { id } = await adminCall<{ id: number }>(request, token, '/api/amendcase', {
      id: 0,
      name: caseName,
      top: 2,
      dict_id: 3,
      class_id: 1,
    });
    try {
      await loginAs(page);
      await openScreen(page, '媒体库');
      await expect(page).toHaveURL(/\/admin\/index\/media$/);
      // The demo drawings are there, each with its size and dimensions.
      const cards = page.getByTestId('media-card');
      await expect(cards.first()).toContainText(/\d+(\.\d)? KB/);
      await expect(cards.first()).toContainText(/\d+×\d+/);
      // Searched by name, the new picture is alone and unused.
      const card = await searchLibrary(page, picture);
      await expect(cards).toHaveCount(1);
      await expect(card).toContainText('320×180');
      await expect(card).toContainText('未使用');

      // Its case picks it from the library instead of uploading it again.
      await openScreen(page, '案例管理');
      await page.getByPlaceholder('案例名称').fill(caseName);
      await page.getByPlaceholder('案例名称').press('Enter');
      await page
        .getByRole('row', { name: new RegExp(caseName) })
        .getByRole('button', { name: '编辑' })
        .click();
      const dialog = page.getByRole('dialog', { name: '编辑案例' });
      await expect(dialog.getByLabel('案例名称')).toHaveValue(caseName);
      await dialog.getByRole('button', { name: '从媒体库选择封面图' }).click();
      const picker = page.getByRole('dialog', { name: '从媒体库选择封面图' });
      await picker.getByPlaceholder('图片名称').fill(picture);
      await picker.getByPlaceholder('图片名称').press('Enter');
      await picker.getByRole('button', { name: `选择${picture}` }).click();
      await expect(picker).toHaveCount(0);
      await expect(dialog.getByLabel('封面图地址')).toHaveValue(url);
      // The editor inserts it into the body too, without an upload.
      const editorUploads: string[] = [];
      page.on('request', (r) => void (new URL(r.url()).pathname === '/api/uploaders' && editorUploads.push(r.url())));
      await dialog.getByRole('button', { name: '从媒体库插入图片到案例详情' }).click();
      const inserting = page.getByRole('dialog', { name: '从媒体库插入图片' });
      await inserting.getByPlaceholder('图片名称').fill(picture);
      await inserting.getByPlaceholder('图片名称').press('Enter');
      await inserting.getByRole('button', { name: `选择${picture}` }).click();
      await expect(dialog.locator('.ck-editor__editable img')).toHaveAttribute('src', url);
      expect(editorUploads).toEqual([]);
      await page.keyboard.press('Control+s');
      await expect(page.getByText('保存成功')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // Now used: the library says where, and it cannot be deleted.
      await openScreen(page, '媒体库');
      const used = await searchLibrary(page, picture);
      await expect(used).toContainText(`案例「${caseName}」`);
      const saved = await adminCall<{ content: string }>(request, token, '/api/getcase', { caseid: id });
      expect(saved.content).toContain(`src="${url}"`);
      await expect(used.getByRole('button', { name: `删除${picture}` })).toBeDisabled();
      await page.getByLabel('按使用情况筛选').click();
      await page.locator('.ant-select-dropdown:visible').getByTitle('案例', { exact: true }).click();
      await expect(used).toHaveCount(1);
      const refused = await request.post(directUrl('/api/deletemedia'), { headers: { token }, data: { id: 0 } });
      expect(((await refused.json()) as { code: number }).code).toBe(2);
      const list = await adminCall<AdminList<MediaItem>>(request, token, '/api/medialist', { search: picture });
      const item = list.list.data[0]!;
      const answer = await request.post(directUrl('/api/deletemedia'), { headers: { token }, data: { id: item.id } });
      expect(await answer.json()).toMatchObject({ code: 1, msg: `图片正在使用中，不能删除：案例「${caseName}」` });
    } finally {
      await adminCall(request, token, '/api/deletecase', { id });
    }
  });

  test('should upload a picture in the library and delete it after confirming', async ({ page, request }) => {
    const picture = `E2E 待删除 ${Date.now()}.png`;
    await loginAs(page);
    await openScreen(page, '媒体库');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '上传图片' }).click();
    await (await chooser).setFiles({ name: picture, mimeType: 'image/png', buffer: pngImage(200, 100) });
    await expect(page.getByText('上传成功')).toBeVisible();
    // Newest first: the new picture leads the library.
    const first = page.getByTestId('media-card').first();
    await expect(first).toContainText(picture);
    await expect(first).toContainText('200×100');
    const src = (await first.getByRole('img').getAttribute('src'))!.replace(/\?.*$/, '');

    await first.getByRole('button', { name: `删除${picture}` }).click();
    const confirm = page.getByRole('tooltip');
    await expect(confirm).toContainText(`确定删除图片「${picture}」吗？`);
    await confirmWith(page, '删除');
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(page.getByTestId('media-card').filter({ hasText: picture })).toHaveCount(0);
    expect((await request.get(directUrl(src))).status()).toBe(404);
  });
});
