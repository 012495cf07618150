import { expect, test } from '@playwright/test';
import type { FooterData, HeaderData } from '@site/shared-types';
import { adminCall, apiToken } from '../../support/admin';
import { apiData } from '../../support/api';
import { mainUrl, mountedRemote } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('desktop top navigation', () => {
  test('should list the header menus with their routes and mark the active one', async ({ page, request }) => {
    const header = await apiData<HeaderData>(request, '/api/header');
    await page.goto(mainUrl('/items/4.html'));
    await mountedRemote(page);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(header.programas.length);
    const expected: Record<number, string> = { 1: '/', 2: '/webcase/101.html', 7: '/about.html' };
    for (const menu of header.programas) {
      await expect(nav.getByRole('link', { name: menu.name, exact: true })).toHaveAttribute(
        'href',
        expected[menu.id] ?? `/items/${menu.id}.html`,
      );
    }
    // For items the active menu is the part of the parameter before the dot.
    await expect(nav.locator('[aria-current="page"]')).toHaveText(header.programas.find((m) => m.id === 4)!.name);
    await nav.getByRole('link', { name: header.programas.find((m) => m.id === 7)!.name }).click();
    await expect(page).toHaveURL(mainUrl('/about.html'));
    await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', '/about.html');
    // The logo selects menu 1.
    await page.getByTestId('site-name').click();
    await expect(page).toHaveURL(mainUrl('/'));
    await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', '/');
  });

  test('should swap the menu list for a search input, restore it on close, and submit three ways', async ({ page }) => {
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const menu = page.getByTestId('menu-list');
    const form = page.getByTestId('search-form');
    await expect(menu).toBeVisible();
    await expect(form).toBeHidden();

    await page.getByRole('button', { name: '打开搜索' }).click();
    const input = page.getByRole('searchbox', { name: '搜索关键词' });
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    await expect(menu).toBeHidden();
    // Fades: the input in over 1000 ms, the menu out over 100 ms.
    expect(await form.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('1s');
    expect(await menu.evaluate((el) => getComputedStyle(el).transitionDuration)).toContain('0.1s');

    await page.getByRole('button', { name: '关闭搜索' }).click();
    await expect(menu).toBeVisible();
    await expect(form).toBeHidden();

    // Enter submits.
    await page.getByRole('button', { name: '打开搜索' }).click();
    await input.fill('网站');
    await input.press('Enter');
    await expect(page).toHaveURL(mainUrl(`/items/search.html?keyword=${encodeURIComponent('网站')}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('“网站”的搜索结果');
    await expect(page.getByTestId('case-list').getByRole('link').first()).toBeVisible();

    // The box stays open for another try; the search icon submits too, and news results are one tab away.
    await expect(input).toHaveValue('网站');
    await input.fill('小程序');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(mainUrl(`/items/search.html?keyword=${encodeURIComponent('小程序')}`));
    await page.getByRole('navigation', { name: '搜索范围' }).getByRole('link', { name: '新闻资讯' }).click();
    await expect(page.getByTestId('news-list').getByRole('link').first()).toBeVisible();
    await input.fill('不存在的关键词xyz');
    await input.press('Enter');
    await expect(page.getByTestId('search-empty')).toBeVisible();
  });
});

test.describe('desktop footer', () => {
  test('should link about-us entries, friendly links, the QR block, the copyright and the filing marks', async ({
    page,
    request,
  }) => {
    const footer = await apiData<FooterData>(request, '/api/footer');
    await page.goto(mainUrl('/'));
    const abouts = page.getByRole('navigation', { name: '关于我们' });
    const first = footer.abouts[0]!;
    await expect(abouts.getByRole('link', { name: first.name })).toHaveAttribute('href', '/about.html');
    const routes: Record<number, string> = { 2: '/webcase/101.html', 7: '/about.html' };
    for (const about of footer.abouts.slice(1)) {
      if (about.column_id === 1) {
        await expect(abouts.getByText(about.name, { exact: true })).toBeVisible();
        await expect(abouts.getByRole('link', { name: about.name })).toHaveCount(0);
      } else {
        await expect(abouts.getByRole('link', { name: about.name, exact: true })).toHaveAttribute(
          'href',
          routes[about.column_id] ?? `/items/${about.column_id}.html`,
        );
      }
    }
    const friends = page.getByRole('navigation', { name: '友情链接' }).getByRole('link');
    await expect(friends).toHaveCount(footer.link.length);
    for (const link of await friends.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /nofollow/);
    }
    for (const entry of footer.contact) await expect(page.getByText(entry.content)).toBeVisible();
    await expect(page.getByRole('img', { name: '微信公众号二维码' })).toHaveAttribute('src', footer.wechat.img);
    await expect(page.getByText(footer.wechat.p1)).toBeVisible();
    await expect(page.getByText(footer.wechat.p2)).toBeVisible();
    const icp = page.getByRole('link', { name: footer.information.link.name });
    await expect(icp).toHaveAttribute('href', footer.information.link.site);
    const marks = page.getByTestId('filing-marks');
    for (const mark of footer.information.mark.imgs) await expect(marks.getByText(mark.content)).toBeVisible();
    // The ICP number is printed once, in the copyright line.
    const text = (await page.locator('footer').textContent()) ?? '';
    expect(text.split(footer.information.link.name)).toHaveLength(2);
    // 在线留言 leads to the contact form.
    await expect(page.locator('footer').getByRole('link', { name: '在线留言' })).toHaveAttribute(
      'href',
      '/about.html#message',
    );
  });

  test('should leave out a filing mark that only repeats the ICP number', async ({ page, request }) => {
    const token = await apiToken(request);
    const original = await adminCall<FooterData>(request, token, '/api/getfooter');
    const icp = original.information.link.name;
    const [police, other] = original.information.mark.imgs;
    try {
      // As a footer filled in by hand often is: the ICP mark carrying the ICP number again.
      await adminCall(request, token, '/api/amendfooter', {
        ...original,
        information: {
          ...original.information,
          mark: { ...original.information.mark, imgs: [police, { ...other, content: icp }] },
        },
      });
      await page.goto(mainUrl('/'));
      await mountedRemote(page);
      const footer = page.locator('footer');
      await expect(footer.getByRole('link', { name: icp })).toBeVisible();
      expect(((await footer.textContent()) ?? '').split(icp)).toHaveLength(2);
      await expect(page.getByTestId('filing-marks')).toContainText(police.content);
    } finally {
      await adminCall(request, token, '/api/amendfooter', original);
    }
  });

  test('should show go-to-top past 1000 px and scroll up over 800 ms; a page change scrolls to the top', async ({
    page,
  }) => {
    // The page's clock: the scroll animation is measured in the time the page itself counts.
    await page.clock.install();
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const goTop = page.getByTestId('go-top');
    await expect(goTop).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForTimeout(400);
    await expect(goTop).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 1400));
    await expect(goTop).toBeVisible();
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await page.clock.pauseAt(Date.now() + 1000);
    await goTop.click();
    // Half-way at 400 ms (the easing is symmetric), still on its way at 700 ms, at the top by 816 ms.
    await page.clock.runFor(400);
    expect(Math.abs((await scrollY()) - 700)).toBeLessThanOrEqual(60);
    await page.clock.runFor(300);
    expect(await scrollY()).toBeGreaterThan(0);
    await page.clock.runFor(116);
    expect(await scrollY()).toBe(0);
    await page.clock.resume();
    await expect(goTop).toBeHidden();

    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('navigation', { name: '关于我们' }).getByRole('link').first().click();
    await expect(page).toHaveURL(mainUrl('/about.html'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
