import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminCall, apiToken, choose, loginAs, openScreen } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** Runs `body`, then puts the block back as it was (the other browser tests read the seeded content). */
async function keepingBlock(
  request: APIRequestContext,
  call: 'header' | 'footer' | 'home' | 'about' | 'relation',
  body: () => Promise<void>,
): Promise<void> {
  const token = await apiToken(request);
  const original = await adminCall<object>(request, token, `/api/get${call}`);
  try {
    await body();
  } finally {
    await adminCall(request, token, `/api/amend${call}`, original);
  }
}

async function save(page: Page, via: 'button' | 'shortcut' = 'button'): Promise<void> {
  const saved = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/amend'));
  if (via === 'shortcut') await page.keyboard.press('Control+s');
  else await page.getByRole('button', { name: '保存', exact: true }).click();
  expect(await (await saved).json()).toMatchObject({ code: 0, msg: '保存成功' });
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);
}

test.describe('back-office site blocks', () => {
  test('the header editor should change the home banner, and leaving unsaved edits should ask first', async ({
    page,
    browser,
    request,
  }) => {
    await keepingBlock(request, 'header', async () => {
      await loginAs(page);
      await openScreen(page, '页头设置');
      const title = page.getByLabel('轮播图1标题');
      const before = await title.inputValue();
      await title.fill('十二年专注企业建站');
      await expect(page.getByText('有未保存的修改')).toBeVisible();

      // Leaving asks; staying keeps the edit; 撤销修改 goes back to what is saved.
      await openScreen(page, '页脚设置');
      const ask = page.getByRole('dialog', { name: '当前页面有未保存的修改，确定离开吗？' });
      await expect(ask).toBeVisible();
      await ask.getByRole('button', { name: '留在此页' }).click();
      await expect(page).toHaveURL(mainUrl('/admin/index/header'));
      await page.getByRole('button', { name: '撤销修改' }).click();
      await expect(title).toHaveValue(before);

      await title.fill('十二年专注企业建站');
      // The second banner moves up to first place.
      await page.getByRole('button', { name: '轮播图第2项上移' }).click();
      await expect(page.getByLabel('轮播图2标题')).toHaveValue('十二年专注企业建站');
      await save(page);

      const desktop = await browser.newPage();
      await desktop.goto(mainUrl('/'));
      await mountedRemote(desktop);
      const slides = desktop.getByTestId('banner').getByRole('img', { name: '十二年专注企业建站' });
      await expect(slides.first()).toBeAttached();

      // After a save, leaving does not ask.
      await openScreen(page, '首页设置');
      await expect(page).toHaveURL(mainUrl('/admin/index/index'));
    });
  });

  test('a block shown from the cache should not be editable until the server has answered again', async ({ page }) => {
    await loginAs(page);
    await openScreen(page, '页头设置');
    const title = page.getByLabel('轮播图1标题');
    await expect(title).toBeEditable();
    await openScreen(page, '首页设置');
    await expect(page.getByLabel('服务1名称')).toBeEditable();

    // Back to the header: the cached copy shows at once, the server's answer is held back.
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/getheader', async (route) => {
      await held;
      await route.continue();
    });
    await openScreen(page, '页头设置');
    await expect(title).toBeVisible();
    await expect(title).toBeDisabled();
    await expect(page.getByRole('button', { name: '保存', exact: true })).toBeDisabled();
    answer();
    await expect(title).toBeEditable();
    await expect(page.getByRole('button', { name: '保存', exact: true })).toBeEnabled();
  });

  test('the footer editor should refuse a menu tag twice and publish links on the desktop footer', async ({
    page,
    browser,
    request,
  }) => {
    await keepingBlock(request, 'footer', async () => {
      await loginAs(page);
      await openScreen(page, '页脚设置');
      const abouts = page.getByRole('group', { name: '关于我们链接' });
      await expect(abouts.getByRole('textbox', { name: /关于我们链接\d+名称/ })).toHaveCount(6);

      // docs/behaviour.md#site-blocks: a menu already among the links is refused with an alert.
      await choose(page, abouts, '选择要添加的栏目', '网站建设', { search: true });
      await abouts.getByRole('button', { name: '添加栏目链接' }).click();
      const alert = page.getByRole('dialog').filter({ hasText: '菜单已加载，请勿重复添加，标题添加失败' });
      await expect(alert).toBeVisible();
      await alert.getByRole('button', { name: '知道了' }).click();
      await expect(abouts.getByRole('textbox', { name: /关于我们链接\d+名称/ })).toHaveCount(6);

      await choose(page, abouts, '选择要添加的栏目', '品牌官网', { search: true });
      await abouts.getByRole('button', { name: '添加栏目链接' }).click();
      await expect(abouts.getByLabel('关于我们链接7名称')).toHaveValue('品牌官网');

      const links = page.getByRole('group', { name: '友情链接' });
      await links.getByRole('button', { name: /添加友情链接/ }).click();
      await links.getByLabel('友情链接7名称').fill('深圳市软件行业协会');
      await links.getByLabel('友情链接7网址').fill('ftp://files.example.com');
      await page.getByRole('button', { name: '保存', exact: true }).click();
      await expect(links.getByText('请填写以 / 开头的站内地址或 http(s):// 开头的网址')).toBeVisible();
      await links.getByLabel('友情链接7网址').fill('https://www.szsia.example.org');
      await page.getByLabel('在线客服1名称').fill('方案咨询');
      await save(page);

      const desktop = await browser.newPage();
      await desktop.goto(mainUrl('/about.html'));
      await mountedRemote(desktop);
      const footer = desktop.locator('footer');
      await expect(
        footer.getByRole('navigation', { name: '关于我们' }).getByRole('link', { name: '品牌官网' }),
      ).toHaveAttribute('href', '/items/8.html');
      const friend = footer
        .getByRole('navigation', { name: '友情链接' })
        .getByRole('link', { name: '深圳市软件行业协会' });
      await expect(friend).toHaveAttribute('href', 'https://www.szsia.example.org');
      await expect(friend).toHaveAttribute('rel', /nofollow/);
      await expect(footer.getByTestId('chat-links').getByRole('link', { name: '方案咨询' })).toBeVisible();
    });
  });

  test('the home, about and contact editors should change what both sites show', async ({ page, browser, request }) => {
    await keepingBlock(request, 'home', () =>
      keepingBlock(request, 'about', () =>
        keepingBlock(request, 'relation', async () => {
          await loginAs(page);
          await openScreen(page, '首页设置');
          await page.getByLabel('服务1名称').fill('高端网站定制');
          await page.getByLabel('服务1要点1').fill('');
          await page.getByRole('button', { name: '保存', exact: true }).click();
          await expect(page.getByText('请填写要点')).toBeVisible();
          await page.getByLabel('服务1要点1').fill('一对一需求策划');
          await save(page);

          await openScreen(page, '关于我们');
          // The about editor's own first title (the screen before may still be leaving).
          await page.locator('[data-block="about"]').getByLabel('标题').first().fill('走进云帆');
          await page
            .getByRole('group', { name: '简介段落' })
            .getByRole('button', { name: /添加段落/ })
            .click();
          await page.getByLabel('简介段落5').fill('2026年，云帆在广州设立华南第二个交付中心。');
          await save(page);

          await openScreen(page, '联系方式');
          await page
            .getByRole('group', { name: '电话' })
            .getByRole('button', { name: /添加电话/ })
            .click();
          await page.getByLabel('电话3').fill('020-3800 0000');
          await save(page, 'shortcut');

          const desktop = await browser.newPage();
          await desktop.goto(mainUrl('/'));
          await mountedRemote(desktop);
          await expect(desktop.getByText('高端网站定制').first()).toBeVisible();
          await expect(desktop.getByText('一对一需求策划').first()).toBeVisible();
          await desktop.goto(mainUrl('/about.html'));
          await expect(desktop.getByText('走进云帆').first()).toBeVisible();
          await expect(desktop.getByText('2026年，云帆在广州设立华南第二个交付中心。')).toBeVisible();
          await expect(desktop.getByText('020-3800 0000')).toBeVisible();

          const phone = await browser.newContext({ userAgent: MOBILE_UA, viewport: { width: 375, height: 740 } });
          const mobile = await phone.newPage();
          await mobile.goto(mainUrl('/move/index.html'));
          await mountedRemote(mobile);
          await expect(mobile.getByTestId('service-tiles')).toContainText('高端网站定制');
          await mobile.goto(mainUrl('/move/zhy.html'));
          await expect(mobile.getByRole('heading', { level: 1 })).toHaveText('走进云帆');
          await mobile.goto(mainUrl('/move/us.html'));
          await expect(mobile.getByText('020-3800 0000').first()).toBeVisible();
          await phone.close();
        }),
      ),
    );
  });
});
