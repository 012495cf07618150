import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminCall, apiToken, loginAs, openScreen } from '../../support/admin';
import { mainUrl } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

type Row = { id: number; name?: string; title?: string };
type Page1 = { list: { data: Row[] } };

/** The first words of a rich text as the editor shows them (its text, without tags and entities). */
const firstWords = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ')
    .trim()
    .split(/\s+/)[0]!
    .slice(0, 12);

/** The back office's own questions: the in-app confirmation an edit dialog or a screen asks before closing. */
const questions = (page: Page) => page.locator('.ant-modal-confirm');

/**
 * Closes `dialog` with 取消 and checks that it closed without a question. The question, when there is one, opens at
 * once on the click and keeps the dialog open, so the dialog's closing is what the check waits for.
 */
async function closesWithoutAsking(page: Page, dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(questions(page), 'closing an untouched dialog asked').toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  await expect(questions(page)).toHaveCount(0);
}

test.describe('back-office unsaved changes', () => {
  // The browser's own questions (a leave-page warning) would land here: none is expected anywhere in this file.
  test.beforeEach(({ page }) => {
    page.on('dialog', (dialog) => {
      throw new Error(`the browser asked: ${dialog.type()} ${dialog.message()}`);
    });
  });

  for (const kind of [
    { screen: '案例管理', list: '/api/case', get: '/api/getcase', key: 'caseid', noun: '案例', field: '案例详情' },
    { screen: '文章管理', list: '/api/news', get: '/api/getnews', key: 'newsid', noun: '文章', field: '正文' },
  ] as const) {
    test(`closing a ${kind.screen} dialog left untouched should not ask, once its rich text has loaded`, async ({
      page,
      request,
    }) => {
      // A page of rows, each opened until its editor has loaded: several seconds each on a busy machine.
      test.setTimeout(150_000);
      const token = await apiToken(request);
      const rows = (await adminCall<Page1>(request, token, kind.list, { page: 1 })).list.data;
      expect(rows.length).toBeGreaterThanOrEqual(5);
      await loginAs(page);
      await openScreen(page, kind.screen);
      for (const row of rows) {
        const name = row.name ?? row.title ?? '';
        const { content } = await adminCall<{ content: string }>(request, token, kind.get, { [kind.key]: row.id });
        await page.getByRole('button', { name: `编辑${name}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `编辑${kind.noun}` });
        // The editor has taken in the stored text (CKEditor rewrites it in its own form as it does).
        await expect(dialog.getByRole('textbox', { name: kind.field })).toContainText(firstWords(content));
        await closesWithoutAsking(page, dialog);
      }
    });
  }

  test('closing a menu dialog left untouched should not ask', async ({ page, request }) => {
    const token = await apiToken(request);
    const rows = (await adminCall<Page1>(request, token, '/api/menu', { page: 1 })).list.data;
    expect(rows.length).toBeGreaterThanOrEqual(5);
    await loginAs(page);
    await openScreen(page, '菜单管理');
    for (const row of rows) {
      await page.getByRole('button', { name: `编辑${row.name}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '编辑栏目' });
      await expect(dialog.getByLabel('栏目名称')).toHaveValue(row.name!);
      await closesWithoutAsking(page, dialog);
    }
    // A new one, untouched, neither.
    await page.getByRole('button', { name: '新增栏目' }).click();
    const create = page.getByRole('dialog', { name: '新增栏目' });
    await expect(create.getByLabel('栏目名称')).toBeVisible();
    await closesWithoutAsking(page, create);
  });

  test('leaving a site-block editor left untouched should not ask', async ({ page }) => {
    await loginAs(page);
    const blocks = [
      { label: '页头设置', path: 'header', field: '轮播图1标题' },
      { label: '页脚设置', path: 'footer', field: '关于我们链接1名称' },
      { label: '首页设置', path: 'index', field: '服务1名称' },
      { label: '关于我们', path: 'about', field: '简介段落1' },
      { label: '联系方式', path: 'relation', field: '公司名称' },
    ];
    for (const [index, block] of blocks.entries()) {
      await openScreen(page, block.label);
      await expect(page).toHaveURL(mainUrl(`/admin/index/${block.path}`));
      // Loaded fresh from the server (a cached copy is read-only until then).
      await expect(page.getByLabel(block.field, { exact: true })).toBeEditable();
      await expect(page.getByRole('button', { name: '保存', exact: true })).toBeEnabled();
      await expect(page.getByText('有未保存的修改')).toHaveCount(0);
      await expect(page.getByRole('button', { name: '撤销修改' })).toBeDisabled();
      const next = blocks[(index + 1) % blocks.length]!;
      await openScreen(page, next.label);
      await expect(questions(page), `leaving ${block.label} asked`).toHaveCount(0);
      await expect(page).toHaveURL(mainUrl(`/admin/index/${next.path}`));
    }
  });

  test('a real edit should still ask, and an edit taken back should not', async ({ page, request }) => {
    const token = await apiToken(request);
    const [row] = (await adminCall<Page1>(request, token, '/api/case', { page: 1 })).list.data;
    const { content } = await adminCall<{ content: string }>(request, token, '/api/getcase', { caseid: row!.id });
    await loginAs(page);
    const open = async () => {
      await page.getByRole('button', { name: `编辑${row!.name}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '编辑案例' });
      const editor = dialog.getByRole('textbox', { name: '案例详情' });
      await expect(editor).toContainText(firstWords(content));
      return { dialog, editor };
    };
    const ask = page.getByRole('dialog', { name: '内容尚未保存，确定关闭吗？' });

    // Typed into the rich text: closing asks.
    let { dialog, editor } = await open();
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('补充一句');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toHaveCount(0);

    // Typed into the rich text, then undone with Ctrl+Z: the text is what was loaded, closing does not ask.
    ({ dialog, editor } = await open());
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    await expect(editor).toContainText('x');
    await page.keyboard.press('Control+z');
    await expect(dialog.getByRole('button', { name: '撤销' })).toBeDisabled();
    await closesWithoutAsking(page, dialog);

    // A field changed and changed back: nothing differs from what was loaded.
    ({ dialog } = await open());
    const name = dialog.getByLabel('案例名称');
    await name.fill(`${row!.name}改`);
    await name.fill(row!.name!);
    await closesWithoutAsking(page, dialog);

    // A field changed: closing asks.
    ({ dialog } = await open());
    await name.fill(`${row!.name}改`);
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '关闭' }).click();
    await expect(dialog).toHaveCount(0);

    // A block editor: an edit shows the tag and leaving asks; the edit taken back clears both.
    await openScreen(page, '联系方式');
    const company = page.getByLabel('公司名称', { exact: true });
    await expect(company).toBeEditable();
    const before = await company.inputValue();
    await company.fill(`${before}（深圳）`);
    await expect(page.getByText('有未保存的修改')).toBeVisible();
    await openScreen(page, '页头设置');
    const leave = page.getByRole('dialog', { name: '当前页面有未保存的修改，确定离开吗？' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: '留在此页' }).click();
    await company.fill(before);
    await expect(page.getByText('有未保存的修改')).toHaveCount(0);
    await openScreen(page, '页头设置');
    await expect(questions(page)).toHaveCount(0);
    await expect(page).toHaveURL(mainUrl('/admin/index/header'));
  });
});
