import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ItemNewsData, ItemsData } from '@site/shared-types';
import { expectAccessible } from '../../support/accessibility';
import { loginAs, openScreen } from '../../support/admin';
import { answerCalls, apiData } from '../../support/api';
import { MOBILE_UA } from '../../support/chromium';
import { mainUrl, mountedRemote } from '../../support/site';

/** A page address, or how to find one in the seeded content. */
type Route = string | ((request: APIRequestContext) => Promise<string>);

const firstCase = async (request: APIRequestContext) =>
  (await apiData<ItemsData>(request, '/api/items', { menu: 3 })).case.caselist[0]!.id;
const firstNews = async (request: APIRequestContext) =>
  (await apiData<ItemNewsData>(request, '/api/itemnews')).newcontent[0]!.id;

const DESKTOP: Record<string, Route> = {
  home: '/',
  about: '/about.html',
  'web design service': '/items/3.html',
  'media marketing service': '/items/4.html',
  'software service': '/items/5.html',
  'brand design service': '/items/6.html',
  'news list': '/itemnews.html',
  'case detail': async (request) => `/details/${await firstCase(request)}.html?casemenu=3`,
  'news detail': async (request) => `/news/${await firstNews(request)}.html`,
  'customer cases': '/webcase/101.html',
  'search results': `/items/search.html?keyword=${encodeURIComponent('网站')}`,
  'not-found page': '/no-such-page.html',
};

const MOBILE: Record<string, Route> = {
  home: '/move/index.html',
  services: '/move/fwxm',
  cases: '/move/case.html',
  'about us': '/move/zhy.html',
  'contact form': '/move/about.html',
  'contact us': '/move/us.html',
  'service cases': '/move/items/3.html',
  'case detail': async (request) => `/move/details/${await firstCase(request)}.html`,
  'news detail': async (request) => `/move/news/${await firstNews(request)}.html`,
  'not-found page': '/move/no-such-page.html',
};

async function open(page: Page, request: APIRequestContext, route: Route): Promise<string> {
  const path = typeof route === 'string' ? route : await route(request);
  await page.goto(mainUrl(path));
  await mountedRemote(page);
  return path;
}

test.describe('accessibility of the desktop site', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  for (const [name, route] of Object.entries(DESKTOP)) {
    test(`the ${name} should have no axe-core violations`, async ({ page, request }) => {
      const path = await open(page, request, route);
      await expectAccessible(page, path);
    });
  }

  test('the open search box and every highlighted process step should have none either', async ({ page, request }) => {
    await open(page, request, '/');
    await page.getByRole('button', { name: '打开搜索' }).click();
    await expect(page.getByRole('searchbox', { name: '搜索关键词' })).toBeVisible();
    await expectAccessible(page, '/ with the search box open');

    // Each step carries white text on its own colour when highlighted.
    const steps = page.getByTestId('process-steps').locator('li');
    for (let index = 0; index < 6; index++) {
      await steps.nth(index).hover();
      await expect(steps.nth(index)).toHaveAttribute('data-active', 'true');
      await expectAccessible(page, `/ with step ${index + 1} highlighted`, '[data-testid="process-steps"]');
    }
  });

  test('the contact form on the about page, showing its field errors and then a refusal, should have none', async ({
    page,
    request,
  }) => {
    await open(page, request, '/about.html#message');
    const form = page.getByTestId('lead-form');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByText('请填写姓名')).toBeVisible();
    await expectAccessible(page, '/about.html with field errors', '#message');
    await answerCalls(page, '**/api/leaveword', { code: 1, msg: '提交过于频繁，请稍后再试', data: null });
    await form.getByLabel('姓名').fill('访客');
    await form.getByLabel('电话').fill('13800138000');
    await form.getByLabel('留言内容').fill('你好');
    await form.getByRole('button', { name: '提交留言' }).click();
    await expect(form.getByTestId('lead-outcome')).toBeVisible();
    await expectAccessible(page, '/about.html with a refused lead', '#message');
  });

  test('the about page with its side tab shown should have none', async ({ page, request }) => {
    await open(page, request, '/about.html');
    await page.evaluate(() => window.scrollTo(0, 1320));
    await expect(page.getByTestId('side-tab')).toBeVisible();
    await expectAccessible(page, '/about.html with the side tab');
  });
});

test.describe('accessibility of the mobile site', () => {
  test.use({ userAgent: MOBILE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const [name, route] of Object.entries(MOBILE)) {
    test(`the ${name} should have no axe-core violations`, async ({ page, request }) => {
      const path = await open(page, request, route);
      await expectAccessible(page, path);
    });
  }

  test('the contact form showing its field errors should have none', async ({ page, request }) => {
    await open(page, request, '/move/about.html');
    await page.getByRole('button', { name: '提交留言' }).click();
    await expect(page.getByText('请填写姓名')).toBeVisible();
    await expectAccessible(page, '/move/about.html with field errors');
  });
});

/** The back office's screens by their side-menu entry, each with what shows it is loaded. */
const SCREENS: { label: string; ready: (page: Page) => Promise<void> }[] = [
  { label: '菜单管理', ready: tableLoaded },
  { label: '案例管理', ready: tableLoaded },
  { label: '文章管理', ready: tableLoaded },
  {
    label: '关键词管理',
    ready: (page) => expect(page.getByTestId('keyword-title').getByRole('textbox')).not.toHaveValue(''),
  },
  { label: '修改密码', ready: (page) => expect(page.getByLabel('原密码')).toBeVisible() },
  { label: '百度推送', ready: (page) => expect(page.getByTestId('push-log').locator('.ant-table')).toBeVisible() },
  { label: '页头设置', ready: blockLoaded },
  { label: '页脚设置', ready: blockLoaded },
  { label: '首页设置', ready: blockLoaded },
  { label: '关于我们', ready: blockLoaded },
  { label: '联系方式', ready: blockLoaded },
  { label: '留言管理', ready: tableLoaded },
  { label: '通知设置', ready: tableLoaded },
  { label: '媒体库', ready: (page) => expect(page.getByTestId('media-card').first()).toBeVisible() },
  { label: '回收站', ready: tableLoaded },
  {
    label: '版本发布',
    ready: (page) => expect(page.getByRole('region', { name: '发布记录' }).getByRole('table')).toBeVisible(),
  },
  { label: '访问体验', ready: (page) => expect(page.getByRole('radiogroup')).toBeVisible() },
];

async function tableLoaded(page: Page): Promise<void> {
  await expect(page.locator('.ant-table')).toBeVisible();
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
}

async function blockLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: '保存', exact: true })).toBeEnabled();
}

test.describe('accessibility of the back office', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the login screen, also with its field errors, should have no axe-core violations', async ({ page }) => {
    await page.goto(mainUrl('/admin/'));
    await mountedRemote(page);
    await expect(page.getByLabel('邮箱')).toBeVisible();
    await expectAccessible(page, 'the login screen');
    await page.getByLabel('邮箱').focus();
    await page.getByLabel('密码').focus();
    await page.getByLabel('邮箱').focus();
    await expect(page.getByText('邮箱不能为空')).toBeVisible();
    await expect(page.getByText('密码不能为空')).toBeVisible();
    await expectAccessible(page, 'the login screen with field errors');
  });

  // One test per screen: an axe run over an antd screen takes seconds on a busy machine.
  for (const screen of SCREENS) {
    test(`the ${screen.label} screen should have no axe-core violations`, async ({ page }) => {
      await loginAs(page);
      await openScreen(page, screen.label);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.label);
      await screen.ready(page);
      await expectAccessible(page, screen.label);
    });
  }

  test('the case dialog should have no axe-core violations', async ({ page }) => {
    await loginAs(page);
    await tableLoaded(page);
    await page.getByRole('row').nth(1).getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑案例' });
    await expect(dialog.getByLabel('案例名称')).not.toHaveValue('');
    await expect(dialog.locator('.ck-editor__editable')).toBeVisible();
    await expectAccessible(page, 'the case dialog');
  });

  test('the media library picker should have no axe-core violations', async ({ page }) => {
    await loginAs(page);
    await tableLoaded(page);
    await page.getByRole('row').nth(1).getByRole('button', { name: '编辑' }).click();
    const dialog = page.getByRole('dialog', { name: '编辑案例' });
    await expect(dialog.getByLabel('案例名称')).not.toHaveValue('');
    await dialog.getByRole('button', { name: '从媒体库选择封面图' }).click();
    const picker = page.getByRole('dialog', { name: '从媒体库选择封面图' });
    await expect(picker.getByTestId('media-card').first()).toBeVisible();
    await expectAccessible(page, 'the media library picker');
  });

  test('the case list on a phone should have none, nor with the side menu open over it', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: MOBILE_UA });
    const page = await context.newPage();
    await loginAs(page);
    await tableLoaded(page);
    await expectAccessible(page, 'the case list on a phone');
    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(page.getByTestId('side-menu-backdrop')).toBeVisible();
    await expectAccessible(page, 'the case list on a phone with the side menu open');
    await context.close();
  });
});
