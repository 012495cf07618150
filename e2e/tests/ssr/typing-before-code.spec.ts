import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminList, Message } from '@site/shared-types';
import { adminCall, apiToken } from '../../support/admin';
import { DESKTOP_UA, MOBILE_UA, PHONE_UA } from '../../support/chromium';
import { mainUrl, ownAddress, startMode } from '../../support/site';

/**
 * What a visitor types into a server-rendered page before its application arrives is kept when the application takes
 * the page over (docs/decisions.md "First view on phones"): the first key starts the code, and a field the
 * application adopts keeps its text, its focus and its caret. Typed as a person types, 60 ms a key, on a CPU 4×
 * slower; the lead that arrives is checked as the back office lists it.
 */

/** A plain phone browser, and WeChat's. */
const PHONES = {
  phone: PHONE_UA,
  wechat: MOBILE_UA,
};

const KEY_MS = 60;

/** A page on a CPU 4× slower, from an address of its own (`visitor`: the contact form's limit counts each apart). */
async function open(browser: Browser, userAgent: string, mobile: boolean, visitor: string): Promise<Page> {
  const context = await browser.newContext({
    userAgent,
    viewport: mobile ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    isMobile: mobile,
    hasTouch: mobile,
    extraHTTPHeaders: ownAddress(`ssr/typing-before-code ${visitor}`),
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** The lead the back office lists under this name, with the fields a visitor typed. */
async function storedLead(page: Page, name: string): Promise<Partial<Message> | undefined> {
  const token = await apiToken(page.request);
  const found = await adminCall<AdminList<Message>>(page.request, token, '/api/leavewords', { search: name });
  const lead = found.list.data.find((message) => message.name === name);
  return lead && { name: lead.name, phone: lead.phone, content: lead.content };
}

const FORMS = [
  { face: 'desktop', path: '/about.html#message', userAgent: DESKTOP_UA, mobile: false },
  { face: 'phone', path: '/move/about.html', userAgent: PHONES.phone, mobile: true },
  { face: 'WeChat', path: '/move/about.html', userAgent: PHONES.wechat, mobile: true },
] as const;

for (const { face, path, userAgent, mobile } of FORMS) {
  test.describe(`the contact form on ${face}`, () => {
    for (const way of ['a short name on a quiet page, a pause, then the rest', 'every field from the start'] as const) {
      test(`should keep every character typed before the code came: ${way}`, async ({ browser }) => {
        const page = await open(browser, userAgent, mobile, `${face} ${way}`);
        const stamp = Date.now().toString(36).slice(-5);
        const lead = { name: `N1王小明${stamp}`, phone: '13800138000', content: `打字测试${stamp}，请联系我。` };
        await page.goto(mainUrl(path), { waitUntil: 'commit' });
        const name = page.locator('#lead-name');
        await name.waitFor();
        // In WeChat's browser the page starts its code at idle (it registers sharing at load), so typing may meet
        // it before or after; elsewhere the code waits for the visitor.
        if (face !== 'WeChat') expect(await startMode(page), 'typed before the code ran').toBeUndefined();
        await name.pressSequentially(lead.name, { delay: KEY_MS });
        // The application starts at the first key and takes the page over while the visitor goes on.
        if (way.startsWith('a short name')) await page.waitForTimeout(1500);
        await page.locator('#lead-phone').pressSequentially(lead.phone, { delay: KEY_MS });
        await page.locator('#lead-content').pressSequentially(lead.content, { delay: KEY_MS });
        await expect.poll(() => startMode(page), { timeout: 60_000 }).toBe('hydrated');
        for (const [field, value] of Object.entries(lead))
          await expect(page.locator(`#lead-${field}`)).toHaveValue(value);
        await page.getByRole('button', { name: '提交留言' }).click();
        await expect(page.getByTestId('lead-outcome')).toContainText('提交成功');
        expect(await storedLead(page, lead.name)).toEqual(lead);
        await page.context().close();
      });
    }
  });
}

test('the desktop search box should keep a keyword typed before the code came', async ({ browser }) => {
  const page = await open(browser, DESKTOP_UA, false, 'search');
  await page.goto(mainUrl('/itemnews.html'), { waitUntil: 'commit' });
  const toggle = page.getByRole('button', { name: '打开搜索' });
  await toggle.waitFor();
  expect(await startMode(page)).toBeUndefined();
  // The toggle opens the box at once (the first view draws it), and the keyword is typed while the code comes.
  await toggle.click();
  const box = page.getByRole('searchbox', { name: '搜索关键词' });
  await box.click();
  await box.pressSequentially('官网建设', { delay: KEY_MS });
  await expect.poll(() => startMode(page), { timeout: 60_000 }).toBe('hydrated');
  await expect(box).toHaveValue('官网建设');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/items\/search\.html\?keyword=%E5%AE%98%E7%BD%91%E5%BB%BA%E8%AE%BE$/);
  await page.context().close();
});
