import { expect, test, type Page } from '@playwright/test';
import {
  adminCall,
  apiToken,
  choose,
  confirmWith,
  loginAs,
  openScreen,
  savedId,
  searchRows,
  uploadThrough,
} from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { pngImage } from '../../support/images';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

const editorLoaded = (page: Page) =>
  page.evaluate(() => typeof (window as { CKEDITOR_VERSION?: string }).CKEDITOR_VERSION === 'string');

test.describe('back-office articles', () => {
  test('should write an article with a picture in its body and publish it on both sites', async ({
    page,
    browser,
    request,
  }) => {
    const title = `E2E 小程序上线前的五项检查 ${Date.now()}`;
    const token = await apiToken(request);
    let id = 0;
    try {
      await loginAs(page);
      await openScreen(page, '文章管理');
      await expect(page).toHaveURL(mainUrl('/admin/index/article'));
      // The rich-text editor is loaded only when a form that needs it opens.
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      expect(await editorLoaded(page)).toBe(false);

      await page.getByRole('button', { name: '新增文章' }).click();
      const dialog = page.getByRole('dialog', { name: '新增文章' });
      await dialog.getByLabel('标题', { exact: true }).fill(title);
      await choose(page, dialog, '分类', '公司动态');
      await dialog.getByLabel('摘要').fill('上线前把这五件事做好，少走很多弯路。');
      await uploadThrough(page, dialog, '上传封面图', {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: pngImage(80, 60),
      });

      const editor = dialog.getByRole('textbox', { name: '正文' });
      await expect(editor).toBeVisible();
      expect(await editorLoaded(page)).toBe(true);
      // docs/behaviour.md#cases-and-articles: the editor is 240 px high.
      expect((await editor.boundingBox())!.height).toBeGreaterThanOrEqual(240);
      await editor.click();
      await page.keyboard.type('第一项：确认服务器域名已经备案。');

      // A picture goes into the body through /api/uploaders, the token in the address
      // (docs/behaviour.md#admin-session).
      const uploadRequest = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/uploaders');
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: '从电脑上传图片' }).click();
      await (await chooser).setFiles({ name: 'body.png', mimeType: 'image/png', buffer: pngImage(120, 90) });
      const sent = new URL((await uploadRequest).url());
      expect(sent.searchParams.get('token')).toBe(await page.evaluate(() => sessionStorage.getItem('token')));
      const bodyImage = editor.locator('img');
      await expect(bodyImage).toHaveAttribute('src', /^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
      const bodyImageUrl = (await bodyImage.getAttribute('src'))!;

      id = await savedId(page, '/api/amendnews', () =>
        dialog.getByRole('button', { name: '发布', exact: true }).click(),
      );
      await expect(page.getByText('保存成功')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      const desktop = await browser.newPage();
      await desktop.goto(mainUrl(`/news/${id}.html`));
      await mountedRemote(desktop);
      await expect(desktop.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(desktop.getByText('第一项：确认服务器域名已经备案。')).toBeVisible();
      await expect(desktop.locator(`main img[src="${bodyImageUrl}"]`)).toBeVisible();
      await desktop.goto(mainUrl('/itemnews.html'));
      await expect(desktop.locator(`a[href="/news/${id}.html"]`).first()).toBeVisible();

      const phone = await browser.newContext({ userAgent: MOBILE_UA, viewport: { width: 375, height: 740 } });
      const mobile = await phone.newPage();
      await mobile.goto(mainUrl(`/move/news/${id}.html`));
      await mountedRemote(mobile);
      await expect(mobile.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(mobile.locator(`main img[src="${bodyImageUrl}"]`)).toBeVisible();
      await phone.close();

      // Edit the body: the editor opens with the saved HTML.
      await (await searchRows(page, '文章标题', title)).getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑文章' });
      const editEditor = edit.getByRole('textbox', { name: '正文' });
      await expect(editEditor).toContainText('第一项：确认服务器域名已经备案。');
      await expect(editEditor.locator('img')).toHaveAttribute('src', bodyImageUrl);
      await editEditor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('第二项：准备好隐私政策。');
      await edit.getByRole('button', { name: '保存', exact: true }).click();
      await expect(edit).toHaveCount(0);
      await desktop.goto(mainUrl(`/news/${id}.html`));
      await expect(desktop.getByText('第二项：准备好隐私政策。')).toBeVisible();

      await page
        .getByRole('row', { name: new RegExp(title) })
        .getByRole('button', { name: '删除' })
        .click();
      await confirmWith(page, '删除');
      await expect(page.getByText('删除成功')).toBeVisible();
      expect((await desktop.goto(mainUrl(`/news/${id}.html`)))?.status()).toBe(404);
      id = 0;
    } finally {
      if (id) await adminCall(request, token, '/api/deletenews', { id });
    }
  });
});
