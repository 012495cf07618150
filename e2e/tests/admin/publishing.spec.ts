import { expect, test, type APIRequestContext } from '@playwright/test';
import { adminCall, apiToken, choose, loginAs, openScreen, savedId, searchRows } from '../../support/admin';
import { directUrl } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** `yyyy-MM-ddTHH:mm:ss` in Beijing time, `seconds` from now: what the 定时发布 picker holds. */
const beijingLocal = (seconds: number) =>
  new Date(Date.now() + seconds * 1000 + 8 * 3600_000).toISOString().slice(0, 19);

const pageStatus = async (request: APIRequestContext, id: number) =>
  (await request.get(directUrl(`/news/${id}.html`))).status();

test.describe('drafts and scheduled publishing', () => {
  test('a draft should stay hidden but for its preview, then go public by itself at its scheduled time', async ({
    page,
    request,
  }) => {
    // It waits for a real scheduled time to come, on top of the editing.
    test.setTimeout(120_000);
    const title = `E2E 定时发布的公告 ${Date.now()}`;
    const token = await apiToken(request);
    let id = 0;
    try {
      await loginAs(page);
      await openScreen(page, '文章管理');
      await page.getByRole('button', { name: '新增文章' }).click();
      const dialog = page.getByRole('dialog', { name: '新增文章' });
      await dialog.getByLabel('标题', { exact: true }).fill(title);
      await choose(page, dialog, '分类', '公司动态');
      const editor = dialog.getByRole('textbox', { name: '正文' });
      await editor.click();
      await page.keyboard.type('明天上午九点，新版官网正式上线。');
      id = await savedId(page, '/api/amendnews', () => dialog.getByRole('button', { name: '保存草稿' }).click());
      await expect(dialog).toHaveCount(0);

      const row = await searchRows(page, '文章标题', title);
      await expect(row.getByText('草稿', { exact: true })).toBeVisible();
      expect(await pageStatus(request, id)).toBe(404);

      await row.getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑文章' });
      await expect(edit.getByLabel('标题', { exact: true })).toHaveValue(title);

      // 预览 opens the real pages as saved, for anyone with the link, with a notice; the mobile one on this
      // computer too.
      await edit.getByRole('button', { name: '预览' }).click();
      const links = page.getByRole('dialog', { name: '预览' });
      for (const [link, face] of [
        ['电脑版预览', 'desktop'],
        ['手机版预览', 'mobile'],
      ] as const) {
        const [tab] = await Promise.all([
          page.context().waitForEvent('page'),
          links.getByRole('link', { name: link }).click(),
        ]);
        expect(new URL(tab.url()).pathname).toBe(face === 'desktop' ? `/news/${id}.html` : `/move/news/${id}.html`);
        await expect(tab.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(tab.getByRole('status').filter({ hasText: '预览：此内容尚未发布' })).toBeVisible();
        await tab.close();
      }
      await page.keyboard.press('Escape');
      await expect(links).toHaveCount(0);

      // Scheduled a few seconds ahead; a time in the past is refused in the dialog first.
      await edit.getByRole('button', { name: '定时发布' }).click();
      const picker = page.getByRole('dialog', { name: '定时发布' });
      await picker.getByLabel('发布时间').fill(beijingLocal(-120));
      await picker.getByRole('button', { name: '确定' }).click();
      await expect(picker.getByText('定时发布的时间必须晚于现在')).toBeVisible();
      const at = beijingLocal(8);
      await picker.getByLabel('发布时间').fill(at);
      await savedId(page, '/api/amendnews', () => picker.getByRole('button', { name: '确定' }).click());
      await expect(edit).toHaveCount(0);
      await expect(row.getByText(`定时 ${at.slice(0, 16).replace('T', ' ')}`)).toBeVisible();
      expect(await pageStatus(request, id)).toBe(404);

      // Its time comes: the page is public without anyone doing anything.
      await expect.poll(() => pageStatus(request, id), { timeout: 30_000, intervals: [500] }).toBe(200);
      await page.reload();
      const published = await searchRows(page, '文章标题', title);
      await expect(published.getByText('已发布', { exact: true })).toBeVisible();

      // A published article can be withdrawn: it is a draft again, and gone from the site.
      await published.getByRole('button', { name: '编辑' }).click();
      await expect(edit.getByLabel('标题', { exact: true })).toHaveValue(title);
      await edit.getByRole('button', { name: '撤回' }).click();
      const ask = page.getByRole('dialog', { name: /确定撤回吗/ });
      await savedId(page, '/api/amendnews', () => ask.getByRole('button', { name: '撤回' }).click());
      await expect(published.getByText('草稿', { exact: true })).toBeVisible();
      expect(await pageStatus(request, id)).toBe(404);
    } finally {
      if (id) await adminCall(request, token, '/api/deletenews', { id });
    }
  });
});
