import { expect, test } from '@playwright/test';
import { loginAs } from '../../support/admin';
import { mainUrl } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('back-office errors', () => {
  test('an HTTP failure should raise a browser alert with the status text and show no data', async ({ page }) => {
    await loginAs(page);
    await expect(page.getByRole('button', { name: '编辑' }).first()).toBeVisible();
    // docs/behaviour.md#how-messages-are-shown: a status other than 200 is an alert with the status text; the answer's
    // data is not used.
    await page.route('**/api/news', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 0, msg: '成功', data: { list: { data: [{ id: 999, title: '不应显示' }] } } }),
      }),
    );
    const alert = page.waitForEvent('dialog');
    await page.goto(mainUrl('/admin/index/article'));
    const dialog = await alert;
    expect(dialog.type()).toBe('alert');
    expect(dialog.message()).toBe('Service Unavailable');
    await dialog.dismiss();
    await expect(page.getByText('不应显示')).toHaveCount(0);
    await expect(page).toHaveURL(mainUrl('/admin/index/article'));
  });

  test('a file the server refuses should show its message and leave the field as it was', async ({ page }) => {
    await loginAs(page);
    await page.getByRole('button', { name: '新增案例' }).click();
    const dialog = page.getByRole('dialog', { name: '新增案例' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: '上传封面图' }).click();
    // A page dressed as a picture: the server judges the bytes, not the name.
    await (
      await chooser
    ).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script>') });
    await expect(page.getByTestId('notices')).toContainText('只能上传 JPG、PNG、GIF 或 WebP 图片');
    await expect(dialog.getByLabel('封面图地址')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: '上传封面图' })).toBeEnabled();
  });
});
