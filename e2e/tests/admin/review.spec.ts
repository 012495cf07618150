import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AuditList, InviteResult, NotifyOverview, ReviewRow } from '@site/shared-types';
import { expectAccessible } from '../../support/accessibility';
import { adminCall, apiToken, choose, loginAs, md5, openScreen, savedId, searchRows } from '../../support/admin';
import { robotTexts } from '../../support/lead-inbox';
import { directUrl, mainUrl, mountedRemote, robotPort } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** `yyyy-MM-ddTHH:mm:ss` in Beijing time, `seconds` from now: what the publishing time's picker holds. */
const beijingLocal = (seconds: number) =>
  new Date(Date.now() + seconds * 1000 + 8 * 3600_000).toISOString().slice(0, 19);

const pageStatus = async (request: APIRequestContext, id: number) =>
  (await request.get(directUrl(`/news/${id}.html`))).status();

/** An account of the given role, made through an invitation the administrator sends and the person accepts. */
async function teamAccount(
  request: APIRequestContext,
  token: string,
  role: 'editor' | 'contributor',
  name: string,
): Promise<{ email: string; password: string }> {
  const email = `${role}-${Date.now()}@yunfan.example.com`;
  const password = `E2E-${role}-2026`;
  const invited = await adminCall<InviteResult>(request, token, '/api/inviteaccount', { email, name, role });
  const invitation = new URL(invited.link).searchParams.get('token');
  await adminCall(request, '', '/api/acceptinvitation', { token: invitation, name, password: md5(password) });
  return { email, password };
}

/** Turns the WeCom robot of 通知设置 on (to the runner's robot) or off, keeping the other channels as they are. */
async function robotChannel(request: APIRequestContext, token: string, enabled: boolean): Promise<void> {
  const { settings } = await adminCall<NotifyOverview>(request, token, '/api/notifysettings');
  const { password_set: _set, ...email } = settings.email;
  await adminCall(request, token, '/api/savenotifysettings', {
    email,
    wecom: { enabled, url: `http://127.0.0.1:${robotPort()}/cgi-bin/webhook/send?key=e2e-review` },
    dingtalk: { enabled: settings.dingtalk.enabled },
  });
}

/** How many articles wait for review now. */
const waitingArticles = async (request: APIRequestContext, token: string) =>
  (await adminCall<ReviewRow[]>(request, token, '/api/reviews')).filter((row) => row.kind === 'news').length;

/** A browser of its own for one person, signed in through the login screen. */
async function signedIn(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(mainUrl('/admin/'));
  await mountedRemote(page);
  await page.getByLabel('邮箱').fill(account.email);
  await page.getByLabel('密码').fill(account.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(mainUrl('/admin/index/case'));
  return page;
}

test.describe('review before publishing', () => {
  test('a contributor’s article should go live only after an editor sent it back once and then approved it', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // It waits for a real scheduled time to come, on top of two people's editing.
    test.setTimeout(180_000);
    const stamp = Date.now();
    const title = `E2E 待审核的稿件 ${stamp}`;
    const comment = `第二段的数据需要注明来源 ${stamp}`;
    const token = await apiToken(request);
    const writer = await teamAccount(request, token, 'contributor', `撰稿人${stamp % 10000}`);
    const reviewer = await teamAccount(request, token, 'editor', `编辑${stamp % 10000}`);
    // The editors hear of each submission on the channels of 通知设置: here the runner's group robot.
    await robotChannel(request, token, true);
    const before = await waitingArticles(request, token);
    let id = 0;
    try {
      // The contributor writes a draft: saving is all they can do before submitting.
      const contributor = await signedIn(browser, writer);
      await openScreen(contributor, '文章管理');
      await contributor.getByRole('button', { name: '新增文章' }).click();
      const dialog = contributor.getByRole('dialog', { name: '新增文章' });
      await dialog.getByLabel('标题', { exact: true }).fill(title);
      await choose(contributor, dialog, '分类', '公司动态');
      await dialog.getByRole('textbox', { name: '正文' }).click();
      await contributor.keyboard.type('今年的客户满意度达到 98%。');
      await expect(dialog.getByRole('button', { name: '发布', exact: true })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: '定时发布' })).toHaveCount(0);
      await expect(dialog.getByRole('button', { name: '提交审核' })).toHaveCount(0);
      id = await savedId(contributor, '/api/amendnews', () => dialog.getByRole('button', { name: '保存草稿' }).click());
      const mine = await searchRows(contributor, '文章标题', title);
      await expect(mine.getByText('草稿', { exact: true })).toBeVisible();

      // …and submits it from the saved draft.
      await mine.getByRole('button', { name: '编辑' }).click();
      const edit = contributor.getByRole('dialog', { name: '编辑文章' });
      await expect(edit.getByLabel('标题', { exact: true })).toHaveValue(title);
      await edit.getByRole('button', { name: '提交审核' }).click();
      await expect(edit).toHaveCount(0);
      await expect(mine.getByText('待审核', { exact: true })).toBeVisible();
      expect(await pageStatus(request, id)).toBe(404);

      // The editor is told: the robot's message, and the count beside 文章管理.
      await expect
        .poll(async () => (await robotTexts()).some((text) => text.includes(title)), { timeout: 15_000 })
        .toBe(true);
      const editor = await signedIn(browser, reviewer);
      const menu = editor.getByRole('navigation', { name: '后台菜单' });
      await expect(menu.getByTestId('review-badge-news')).toHaveAttribute('title', `${before + 1} 项待审核`);
      await openScreen(editor, '文章管理');
      const queue = editor.getByRole('region', { name: '待审核' });
      await expect(queue.getByRole('row', { name: new RegExp(title) })).toBeVisible();
      await expectAccessible(editor, 'the review list at 1366 px');
      await editor.screenshot({ path: testInfo.outputPath('review-list-1366.png'), fullPage: true });

      // The editor previews what was submitted, and sends it back with a comment (required).
      await queue.getByRole('button', { name: `审核${title}` }).click();
      const review = editor.getByRole('dialog', { name: `审核文章：${title}` });
      await expect(review.getByText(`撰稿人${stamp % 10000}`)).toBeVisible();
      await expectAccessible(editor, 'the review dialog at 1366 px', '.ant-modal-wrap');
      await editor.screenshot({ path: testInfo.outputPath('review-dialog-1366.png') });
      await review.getByRole('button', { name: '预览' }).click();
      const links = editor.getByRole('dialog', { name: '预览' });
      const [tab] = await Promise.all([
        editor.context().waitForEvent('page'),
        links.getByRole('link', { name: '电脑版预览' }).click(),
      ]);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(tab.getByText('今年的客户满意度达到 98%。')).toBeVisible();
      await tab.close();
      await editor.keyboard.press('Escape');
      await expect(links).toHaveCount(0);
      await expect(review).toBeVisible();
      await review.getByRole('button', { name: '退回' }).click();
      const back = editor.getByRole('dialog', { name: '退回修改' });
      await back.getByRole('button', { name: '退回' }).click();
      await expect(back.getByText('请填写退回意见')).toBeVisible();
      await back.getByLabel('退回意见').fill(comment);
      await back.getByRole('button', { name: '退回' }).click();
      await expect(review).toHaveCount(0);
      if (before === 0) {
        await expect(queue).toHaveCount(0);
        await expect(menu.getByTestId('review-badge-news')).toHaveCount(0);
      } else {
        await expect(menu.getByTestId('review-badge-news')).toHaveAttribute('title', `${before} 项待审核`);
      }

      // The contributor sees it was returned, and why, fixes it and submits again.
      await contributor.reload();
      const returned = await searchRows(contributor, '文章标题', title);
      await expect(returned.getByText('已退回', { exact: true })).toBeVisible();
      await returned.getByRole('button', { name: '编辑' }).click();
      const notice = edit.getByRole('alert');
      await expect(notice).toContainText('编辑退回了这份稿件');
      await expect(notice).toContainText(comment);
      await contributor.screenshot({ path: testInfo.outputPath('returned-notice-1366.png') });
      await edit.getByRole('textbox', { name: '正文' }).click();
      await contributor.keyboard.press('End');
      await contributor.keyboard.type('（数据来源：2026 年客户回访）');
      await edit.getByRole('button', { name: '提交审核' }).click();
      await expect(edit).toHaveCount(0);
      await expect(returned.getByText('待审核', { exact: true })).toBeVisible();

      // The editor approves it, to go live a few seconds later; on a phone this time.
      await editor.setViewportSize({ width: 390, height: 844 });
      await editor.reload();
      await expect(queue.getByRole('row', { name: new RegExp(title) })).toBeVisible();
      await expectAccessible(editor, 'the review list at 390 px');
      await editor.screenshot({ path: testInfo.outputPath('review-list-390.png'), fullPage: true });
      await queue.getByRole('button', { name: `审核${title}` }).click();
      await review.getByLabel('定时发布').check();
      const at = beijingLocal(8);
      await review.getByLabel('发布时间').fill(at);
      await expectAccessible(editor, 'the review dialog at 390 px', '.ant-modal-wrap');
      await editor.screenshot({ path: testInfo.outputPath('review-dialog-390.png') });
      await review.getByRole('button', { name: '通过' }).click();
      await expect(review).toHaveCount(0);
      await expect(queue.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
      expect(await pageStatus(request, id)).toBe(404);

      // Its time comes: the page is public, with the fix.
      await expect.poll(() => pageStatus(request, id), { timeout: 30_000, intervals: [500] }).toBe(200);
      const live = await request.get(directUrl(`/news/${id}.html`));
      expect(await live.text()).toContain('（数据来源：2026 年客户回访）');

      // The history tells each step, with the comment of the return.
      await editor.setViewportSize({ width: 1366, height: 900 });
      await editor.reload();
      const row = await searchRows(editor, '文章标题', title);
      await expect(row.getByText('已发布', { exact: true })).toBeVisible();
      await row.getByRole('button', { name: `${title}的历史版本` }).click();
      const history = editor.getByRole('dialog', { name: `历史版本：${title}` });
      for (const step of ['提交审核', '退回修改', '审核通过']) {
        await expect(history.getByRole('cell', { name: step, exact: true }).first()).toBeVisible();
      }
      await expect(history.getByRole('row', { name: /退回修改/ })).toContainText(comment);
      await editor.screenshot({ path: testInfo.outputPath('revisions-1366.png') });

      await editor.context().close();
      await contributor.context().close();

      // And so does the audit trail: the call, and 操作日志 (the administrator's), newest first.
      const log = await adminCall<AuditList>(request, token, '/api/auditlog', { item_kind: 'news', item_id: id });
      const steps = log.data.map((entry) => entry.action_name);
      expect(
        steps.filter((step) => step === '提交审核'),
        `the item's records: ${steps.join('、')}`,
      ).toHaveLength(2);
      expect(steps).toContain('退回修改');
      expect(steps).toContain('审核通过');
      await loginAs(page);
      await openScreen(page, '操作日志');
      // A record names the item by its kind and id (a review call's body carries no title).
      const records = page.getByRole('row', { name: new RegExp(`文章 #${id}(?!\\d)`) });
      for (const [step, count] of [
        ['审核通过', 1],
        ['提交审核', 2],
        ['退回修改', 1],
      ] as const) {
        await expect(records.filter({ hasText: step })).toHaveCount(count);
      }
      await page.screenshot({ path: testInfo.outputPath('audit-1366.png') });
    } finally {
      await robotChannel(request, token, false);
      if (id) await adminCall(request, token, '/api/deletenews', { id });
    }
  });
});
