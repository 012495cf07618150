import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { pageTitle, type KeywordRecord } from '@site/shared-types';
import { adminCall, apiToken, loginAs, openScreen, savedId, searchRows, uploadThrough } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { pngImage } from '../../support/images';
import { directUrl, mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** The site's title, keywords and description as the keyword records say them now. */
async function siteMeta(request: APIRequestContext): Promise<Record<'title' | 'keywords' | 'description', string>> {
  const records = ((await (await request.post(directUrl('/api/keyswords'))).json()) as { data: KeywordRecord[] }).data;
  const record = (name: string) => records.find((entry) => entry.keywords === name)!.content;
  return { title: record('title'), keywords: record('keywords'), description: record('description') };
}

/** A page's head as the server sends it (what crawlers and link cards read). */
async function servedHead(request: APIRequestContext, path: string, userAgent?: string) {
  const html = await (
    await request.get(directUrl(path), { headers: userAgent ? { 'User-Agent': userAgent } : {} })
  ).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)" />`).exec(head)?.[1];
  return {
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    keywords: meta('keywords'),
    description: meta('description'),
  };
}

/** Unfolds 「SEO 设置」 in a dialog. */
async function openSeo(dialog: Locator): Promise<void> {
  const header = dialog.getByRole('button', { name: /SEO 设置/ });
  // Under load a click can land while the dialog is still settling and be lost: click again until it unfolds.
  await expect(async () => {
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    await expect(header).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
  }).toPass();
}

test.describe('back-office SEO fields', () => {
  test("should show a case's derived head as placeholders, save its own, and publish them in the page head", async ({
    page,
    browser,
    request,
  }) => {
    const site = await siteMeta(request);
    const name = `E2E SEO 茶企官网 ${Date.now()}`;
    const seoTitle = `茶叶品牌官网建设案例 ${Date.now()}`;
    const seoDescription = '云帆为茶企打造的品牌官网：产品展示、门店查询与线上商城一体。';
    const token = await apiToken(request);
    let id = 0;
    try {
      await loginAs(page);
      await page.getByRole('button', { name: '新增案例' }).click();
      const dialog = page.getByRole('dialog', { name: '新增案例' });
      await openSeo(dialog);
      const title = dialog.getByLabel('SEO标题');
      const keywords = dialog.getByLabel('SEO关键词');
      const description = dialog.getByLabel('SEO描述');
      // Empty, each field shows what the page gets instead, following the form as it is typed.
      await expect(title).toHaveValue('');
      await expect(title).toHaveAttribute('placeholder', pageTitle('案例名称', site.title));
      await dialog.getByLabel('案例名称').fill(name);
      await expect(title).toHaveAttribute('placeholder', pageTitle(name, site.title));
      await expect(title).toHaveAttribute('placeholder', new RegExp(`^${name} - \\S+$`));
      await expect(keywords).toHaveAttribute('placeholder', site.keywords);
      await expect(description).toHaveAttribute('placeholder', site.description);
      await dialog.getByLabel('简介').fill('为茶叶企业打造的品牌官网。');
      await expect(description).toHaveAttribute('placeholder', '为茶叶企业打造的品牌官网。');

      // The hints say what Baidu shows and turn to the warning colour past it, without stopping the typing.
      const titleHint = dialog.getByTestId('seo-title-hint');
      await title.fill('深'.repeat(31));
      await expect(titleHint).toHaveAttribute('data-over', 'true');
      await expect(titleHint).toContainText('百度搜索结果约显示30个汉字');
      await expect(title).toHaveValue('深'.repeat(31));
      await title.fill(seoTitle);
      await expect(titleHint).toHaveAttribute('data-over', 'false');
      await description.fill(seoDescription);
      await expect(dialog.getByTestId('seo-description-hint')).toContainText('百度搜索结果约显示78个汉字');
      // Full-width commas, spaces and repeats are tidied when the field is left.
      await keywords.fill('茶叶官网，品牌官网 , 茶叶官网');
      await keywords.blur();
      await expect(keywords).toHaveValue('茶叶官网,品牌官网');
      await expect(dialog.getByTestId('seo-keywords-hint')).toContainText('2 个关键词');

      await uploadThrough(page, dialog, '上传封面图', {
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: pngImage(64, 48),
      });
      id = await savedId(page, '/api/amendcase', () =>
        dialog.getByRole('button', { name: '发布', exact: true }).click(),
      );
      await expect(page.getByText('保存成功')).toBeVisible();
      await expect(dialog).toHaveCount(0);

      // The page as the server sends it, desktop and mobile.
      const want = { title: seoTitle, keywords: '茶叶官网,品牌官网', description: seoDescription };
      expect(await servedHead(request, `/details/${id}.html`)).toEqual(want);
      expect(await servedHead(request, `/move/details/${id}.html`, MOBILE_UA)).toEqual(want);

      // And in the browser, once the page runs: the head stays the item's.
      const visitor = await browser.newPage();
      await visitor.goto(mainUrl(`/details/${id}.html?casemenu=2`));
      await mountedRemote(visitor);
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(visitor).toHaveTitle(seoTitle);
      await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', seoDescription);
      await expect(visitor.locator('meta[name="keywords"]')).toHaveAttribute('content', '茶叶官网,品牌官网');
      await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', seoTitle);
      await visitor.close();

      // Opened again, the dialog shows what was saved.
      await (await searchRows(page, '案例名称', name)).getByRole('button', { name: '编辑' }).click();
      const edit = page.getByRole('dialog', { name: '编辑案例' });
      await expect(edit.getByRole('button', { name: /SEO 设置/ })).toContainText('已自定义');
      await openSeo(edit);
      await expect(edit.getByLabel('SEO标题')).toHaveValue(seoTitle);
      await expect(edit.getByLabel('SEO描述')).toHaveValue(seoDescription);
    } finally {
      if (id) await adminCall(request, token, '/api/deletecase', { id });
    }
  });

  test("should derive an article's placeholders from its title and intro and use its SEO title", async ({
    page,
    request,
  }) => {
    const site = await siteMeta(request);
    const token = await apiToken(request);
    const title = `E2E SEO 官网改版五件事 ${Date.now()}`;
    const { id } = await adminCall<{ id: number }>(request, token, '/api/amendnews', {
      id: 0,
      title,
      intro: '改版前要想清楚的五件事。',
      content: '<p>正文</p>',
      dynamic_id: 1,
    });
    try {
      await loginAs(page);
      await openScreen(page, '文章管理');
      await (await searchRows(page, '文章标题', title)).getByRole('button', { name: '编辑' }).click();
      const dialog = page.getByRole('dialog', { name: '编辑文章' });
      await expect(dialog.getByLabel('标题', { exact: true })).toHaveValue(title);
      await openSeo(dialog);
      await expect(dialog.getByLabel('SEO标题')).toHaveAttribute('placeholder', pageTitle(title, site.title));
      await expect(dialog.getByLabel('SEO描述')).toHaveAttribute('placeholder', '改版前要想清楚的五件事。');
      await dialog.getByLabel('SEO标题').fill('官网改版指南');
      await savedId(page, '/api/amendnews', () => dialog.getByRole('button', { name: '保存', exact: true }).click());
      await expect(dialog).toHaveCount(0);
      expect(await servedHead(request, `/news/${id}.html`)).toEqual({
        title: '官网改版指南',
        keywords: site.keywords,
        description: '改版前要想清楚的五件事。',
      });
    } finally {
      await adminCall(request, token, '/api/deletenews', { id });
    }
  });
});
