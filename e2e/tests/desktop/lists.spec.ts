import { expect, test } from '@playwright/test';
import {
  CASE_CLASSES,
  INFINITE_LIST,
  type ItemNewsData,
  type ItemsData,
  type WebcaseCutData,
} from '@site/shared-types';
import { apiData, expectListCall, recordCalls } from '../../support/api';
import { mainUrl, mountedRemote, scrollToEnd, scrollUntilAll } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

test.describe('desktop infinite lists', () => {
  test('a service page should load 3 more cases a second after its end shows, until the total', async ({
    page,
    request,
  }) => {
    const items = await apiData<ItemsData>(request, '/api/items', { menu: 3 });
    const calls = recordCalls(page, '/api/itemmore');
    // The cursor each answer gives (docs/behaviour.md, "Cursors"), in the order the answers came.
    const answered: number[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== '/api/itemmore') return;
      answered.push(((await response.json()) as { data: { page: number } }).data.page);
    });
    // The page's own clock, stopped once the page runs: the delay is counted in the time the list counts.
    await page.clock.install();
    await page.goto(mainUrl('/items/3.html'));
    await mountedRemote(page);
    const cards = page.getByTestId('case-list').getByRole('link');
    await expect(cards).toHaveCount(4);
    await expect(page).toHaveTitle(/^网站建设 - /);
    const status = page.getByTestId('list-status');
    await page.clock.pauseAt(Date.now() + 1000);

    await scrollToEnd(page);
    await expect(status).toContainText('正在加载');
    await page.clock.runFor(INFINITE_LIST.loadDelayMs - 1);
    // No second load while one runs, however much the visitor scrolls.
    await scrollToEnd(page);
    await expect(status).toContainText('正在加载');
    // A call made when its timer fired would be reported within a moment.
    await page.waitForTimeout(300);
    expect(calls).toHaveLength(0);
    await page.clock.runFor(1);
    await expect.poll(() => calls.length).toBe(1);
    expectListCall(calls[0], { menu: 3, amount: 3, type: 1, page: 4 });
    await expect(cards).toHaveCount(Math.min(7, items.case.sum));
    await page.clock.resume();

    // Keep scrolling until everything is there; each call's cursor is the previous answer's.
    await scrollUntilAll(page, cards, items.case.sum);
    await expect(status).toHaveText('没有更多了');
    expect(calls.map((call) => call.body.page)).toEqual([INFINITE_LIST.preloadedPage, ...answered.slice(0, -1)]);
    expect(await cards.count()).toBe(items.case.sum);
  });

  test('menu 4 should load 4 at a time', async ({ page }) => {
    const calls = recordCalls(page, '/api/itemmore');
    await page.goto(mainUrl('/items/4.html'));
    await mountedRemote(page);
    await scrollToEnd(page);
    await expect.poll(() => calls.length, { timeout: 5000 }).toBe(1);
    expectListCall(calls[0], { menu: 4, amount: 4, type: 1, page: 4 });
  });

  test('the customer-case tabs should have their own addresses and lists', async ({ page, request }) => {
    const calls = recordCalls(page, '/api/itemmore');
    await page.goto(mainUrl('/webcase/101.html'));
    await mountedRemote(page);
    const tabs = page.getByTestId('webcase-tabs').getByRole('link');
    await expect(tabs).toHaveText(CASE_CLASSES.map((entry) => entry.name));
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');

    const second = await apiData<WebcaseCutData>(request, '/api/webcasecut', { menu: 2 });
    await expect(page).toHaveTitle(/^客户案例 - /);
    await tabs.nth(1).click();
    await expect(page).toHaveURL(mainUrl('/webcase/2.html'));
    await expect(page).toHaveTitle(/^手机网站案例 - /);
    await expect(tabs.nth(1)).toHaveAttribute('aria-current', 'page');
    const cards = page.getByTestId('case-list').getByRole('link');
    await expect(cards.first()).toHaveAttribute('href', `/details/${second.casecontent[0]!.id}.html?casemenu=2`);
    await scrollToEnd(page);
    await expect.poll(() => calls.length, { timeout: 5000 }).toBe(1);
    expectListCall(calls[0], { menu: 2, amount: 3, type: 2, page: 4 });

    // The address can be shared: a reload shows the same tab.
    await page.reload();
    await mountedRemote(page);
    await expect(tabs.nth(1)).toHaveAttribute('aria-current', 'page');
    await expect(cards.first()).toHaveAttribute('href', `/details/${second.casecontent[0]!.id}.html?casemenu=2`);
  });

  test('the news list should load 3 more at a time', async ({ page, request }) => {
    const list = await apiData<ItemNewsData>(request, '/api/itemnews');
    const calls = recordCalls(page, '/api/newmore');
    await page.goto(mainUrl('/itemnews.html'));
    await mountedRemote(page);
    const rows = page.getByTestId('news-list').getByRole('link');
    await expect(rows).toHaveCount(4);
    await scrollToEnd(page);
    await expect(rows).toHaveCount(Math.min(7, list.sum), { timeout: 5000 });
    expectListCall(calls[0], { menu: 0, amount: 3, page: 4 });
  });
});
