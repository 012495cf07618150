import { expect, test } from '@playwright/test';
import type { AdminList, RevisionList, TrashKindCount, TrashRow } from '@site/shared-types';
import { ADMIN, adminCall, apiToken, confirmWith, loginAs, openScreen, searchRows } from '../../support/admin';

test.use({ viewport: { width: 1366, height: 900 } });

const caseForm = (name: string) => ({ id: 0, name, top: 2, dict_id: 3, class_id: 1 });

test.describe('back-office recycle bin and revisions', () => {
  test('should list a deleted case in the bin, restore it, and purge it after confirming', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const name = `E2E 回收站案例 ${Date.now()}`;
    const { id } = await adminCall<{ id: number }>(request, token, '/api/amendcase', caseForm(name));
    await adminCall(request, token, '/api/deletecase', { id });

    await loginAs(page);
    await openScreen(page, '回收站');
    await expect(page).toHaveURL(/\/admin\/index\/trash$/);
    const row = await searchRows(page, '标题', name);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('案例');
    await expect(row).toContainText('网站建设');
    await expect(row).toContainText(ADMIN.email);
    await expect(row).toContainText('30 天后');

    await row.getByRole('button', { name: `恢复${name}` }).click();
    await expect(page.getByText('恢复成功')).toBeVisible();
    await expect(row).toHaveCount(0);
    const cases = await adminCall<AdminList<{ id: number }>>(request, token, '/api/case', { search: name });
    expect(cases.list.data.map((c) => c.id)).toEqual([id]);

    // Deleted again (from its list, whose confirmation names the bin), then deleted for good.
    await openScreen(page, '案例管理');
    await (await searchRows(page, '案例名称', name)).getByRole('button', { name: `删除${name}` }).click();
    await expect(page.getByRole('tooltip')).toContainText('删除后可在回收站中恢复（保留 30 天）');
    await confirmWith(page, '删除');
    await expect(page.getByText('删除成功')).toBeVisible();
    await openScreen(page, '回收站');
    const again = await searchRows(page, '标题', name);
    await again.getByRole('button', { name: `彻底删除${name}` }).click();
    const confirm = page.getByRole('tooltip');
    await expect(confirm).toContainText(`确定彻底删除案例“${name}”吗？`);
    await confirmWith(page, '彻底删除');
    await expect(page.getByText('已彻底删除')).toBeVisible();
    await expect(again).toHaveCount(0);
    const bin = await adminCall<AdminList<TrashRow, TrashKindCount>>(request, token, '/api/trash', { search: name });
    expect(bin.list.total).toBe(0);

    // Emptying asks first, with the number of items it deletes.
    const other = await adminCall<{ id: number }>(request, token, '/api/amendcase', caseForm(`${name} 二`));
    await adminCall(request, token, '/api/deletecase', { id: other.id });
    await page.getByPlaceholder('标题').fill('');
    await page.getByPlaceholder('标题').press('Enter');
    await expect(page.getByRole('row', { name: new RegExp(`${name} 二`) })).toHaveCount(1);
    await page.getByRole('button', { name: '清空回收站' }).click();
    await expect(page.getByRole('tooltip')).toContainText('将被彻底删除，不能恢复');
    await confirmWith(page, '清空');
    await expect(page.getByText(/回收站已清空（\d+ 项）/)).toBeVisible();
    await expect(page.getByText('回收站是空的')).toBeVisible();
    await expect(page.getByRole('button', { name: '清空回收站' })).toBeDisabled();
  });

  test("should show a case's history and restore an older version as a new one", async ({ page, request }) => {
    const token = await apiToken(request);
    const stamp = Date.now();
    const first = `E2E 版本案例 ${stamp}`;
    const second = `E2E 版本案例（改） ${stamp}`;
    const { id } = await adminCall<{ id: number }>(request, token, '/api/amendcase', caseForm(first));
    try {
      await adminCall(request, token, '/api/amendcase', { ...caseForm(second), id });

      await loginAs(page);
      await (await searchRows(page, '案例名称', String(stamp))).getByRole('button', { name: '历史版本' }).click();
      const dialog = page.getByRole('dialog', { name: `历史版本：${second}` });
      await expect(dialog.getByRole('row')).toHaveCount(3);
      await expect(dialog.getByRole('row', { name: /第 2 版/ })).toContainText('当前');
      await expect(dialog.getByRole('row', { name: /第 1 版/ })).toContainText(ADMIN.email);

      await dialog.getByRole('button', { name: '恢复第 1 版' }).click();
      await expect(page.getByRole('tooltip')).toContainText('确定恢复第 1 版吗？');
      await confirmWith(page, '恢复');
      await expect(page.getByText('已恢复第 1 版（保存为第 3 版）')).toBeVisible();
      await expect(dialog.getByRole('row', { name: /第 3 版/ })).toContainText('恢复自第 1 版');
      await dialog.getByRole('button', { name: '关闭' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('row', { name: new RegExp(first.replace(/[()（）]/g, '.')) })).toHaveCount(1);
      const history = await adminCall<RevisionList>(request, token, '/api/revisions', { kind: 'case', id });
      expect(history.list.map((r) => r.number)).toEqual([3, 2, 1]);
    } finally {
      await adminCall(request, token, '/api/deletecase', { id }).catch(() => undefined);
      await adminCall(request, token, '/api/purgetrash', { kind: 'case', id }).catch(() => undefined);
    }
  });
});
