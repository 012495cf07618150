import { expect, test } from '@playwright/test';
import type { KeywordRecord } from '@site/shared-types';
import { adminCall, apiToken, loginAs, openScreen } from '../../support/admin';
import { directUrl, mainUrl, mountedRemote } from '../../support/site';

test.describe('back-office keywords', () => {
  test('a keyword change should show the server message and fill the public pages meta', async ({
    page,
    browser,
    request,
  }) => {
    const token = await apiToken(request);
    const original = await adminCall<KeywordRecord[]>(request, token, '/api/keyswords');
    try {
      await loginAs(page);
      await openScreen(page, '关键词管理');
      const title = page.getByTestId('keyword-title');
      const description = page.getByTestId('keyword-description');
      await expect(title.getByRole('textbox')).toHaveValue(original.find((r) => r.keywords === 'title')!.content);

      await description.getByRole('textbox').fill('');
      await description.getByRole('button', { name: '保存' }).click();
      await expect(description.getByText('内容不能为空')).toBeVisible();

      await title.getByRole('textbox').fill('云帆科技｜深圳品牌官网与小程序开发');
      await title.getByRole('button', { name: '保存' }).click();
      // docs/behaviour.md#keywords: the keyword update shows the server's own msg.
      await expect(page.getByText('关键词已更新，前台页面即时生效')).toBeVisible();
      await description.getByRole('textbox').fill('云帆科技为深圳企业提供品牌官网、小程序与新媒体代运营服务。');
      await description.getByRole('button', { name: '保存' }).click();
      await expect(page.getByText('关键词已更新，前台页面即时生效').last()).toBeVisible();

      const visitor = await browser.newPage();
      await visitor.goto(mainUrl('/'));
      await mountedRemote(visitor);
      await expect(visitor).toHaveTitle('云帆科技｜深圳品牌官网与小程序开发');
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        '云帆科技为深圳企业提供品牌官网、小程序与新媒体代运营服务。',
      );
      // The page as the server sends it (what crawlers and link cards read) carries the same meta.
      const html = await (await request.get(directUrl('/'))).text();
      expect(html).toContain('<title>云帆科技｜深圳品牌官网与小程序开发</title>');
    } finally {
      for (const record of original) {
        await adminCall(request, token, '/api/KeyswordsUpdate', { id: record.id, content: record.content });
      }
    }
  });
});
