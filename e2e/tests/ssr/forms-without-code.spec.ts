import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AdminList, Message } from '@site/shared-types';
import { adminCall, apiToken } from '../../support/admin';
import { DESKTOP_UA, MOBILE_UA, PHONE_UA } from '../../support/chromium';
import { mainUrl, ownAddress, startMode } from '../../support/site';

/**
 * The contact forms work before their application runs and without JavaScript (docs/behaviour.md#contact-form):
 * the browser sends the form to the page, the server stores the lead and moves on to the page's `?sent=1`, or
 * shows the page again with what was typed and why. Nothing the visitor typed ends up in an address.
 */

const FORMS = [
  { face: 'desktop', path: '/about.html#message', userAgent: DESKTOP_UA, mobile: false },
  { face: 'WeChat', path: '/move/about.html', userAgent: MOBILE_UA, mobile: true },
  { face: 'phone', path: '/move/about.html', userAgent: PHONE_UA, mobile: true },
] as const;

async function open(
  browser: Browser,
  form: (typeof FORMS)[number],
  options: { javaScript: boolean; visitor: string },
): Promise<Page> {
  const context = await browser.newContext({
    userAgent: form.userAgent,
    viewport: form.mobile ? { width: 390, height: 844 } : { width: 1366, height: 900 },
    isMobile: form.mobile,
    hasTouch: form.mobile,
    javaScriptEnabled: options.javaScript,
    extraHTTPHeaders: ownAddress(`ssr/forms-without-code ${options.visitor}`),
  });
  return context.newPage();
}

async function storedLeads(page: Page, name: string): Promise<Message[]> {
  const token = await apiToken(page.request);
  const found = await adminCall<AdminList<Message>>(page.request, token, '/api/leavewords', { search: name });
  return found.list.data.filter((message) => message.name === name);
}

/** The address the page is on now holds nothing the visitor typed. */
function expectNothingTypedIn(page: Page, typed: string[]): void {
  const address = decodeURIComponent(page.url());
  for (const text of typed) expect(address, 'the address').not.toContain(text);
}

for (const form of FORMS) {
  test.describe(`the ${form.face} contact form`, () => {
    test('with JavaScript off, should show the errors with what was typed, then store the lead', async ({
      browser,
    }) => {
      const page = await open(browser, form, { javaScript: false, visitor: `${form.face} off` });
      const name = `无脚本${form.face}${Date.now().toString(36).slice(-4)}`;
      await page.goto(mainUrl(form.path));
      await page.locator('#lead-name').fill(name);
      await page.locator('#lead-phone').fill('12');
      await page.getByRole('button', { name: '提交留言' }).click();
      await expect(page.getByText('请填写正确的手机号或固定电话')).toBeVisible();
      await expect(page.getByText('请填写留言内容')).toBeVisible();
      await expect(page.locator('#lead-name')).toHaveValue(name);
      await expect(page.locator('#lead-phone')).toHaveValue('12');
      expect(await storedLeads(page, name)).toEqual([]);

      await page.locator('#lead-phone').fill('13800138000');
      await page.locator('#lead-content').fill('没有脚本也能留言');
      await page.getByRole('button', { name: '提交留言' }).click();
      await expect(page.getByTestId('lead-outcome')).toContainText('提交成功，我们会尽快与您联系');
      expect(new URL(page.url()).search).toBe('?sent=1');
      expectNothingTypedIn(page, [name, '13800138000', '没有脚本也能留言']);
      expect(await storedLeads(page, name)).toMatchObject([{ phone: '13800138000', content: '没有脚本也能留言' }]);
      await page.context().close();
    });

    test('filled by autofill and sent at once, before the application, should store the lead once', async ({
      browser,
    }) => {
      const page = await open(browser, form, { javaScript: true, visitor: `${form.face} autofill` });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const name = `自动填充${form.face}${Date.now().toString(36).slice(-4)}`;
      // The application's code is held until the answer shows (only the first-view script runs), so the form is
      // surely sent before the application: a fast machine would otherwise start it first.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.endsWith('.js') && !url.pathname.includes('/assets/start.'),
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await page.goto(mainUrl(form.path), { waitUntil: 'commit' });
      await page.locator('#lead-name').waitFor();
      // As autofill fills a form: values and input events, no keys.
      await page.evaluate(
        (values) => {
          for (const [id, value] of Object.entries(values)) {
            const field = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
            field.value = value;
            field.dispatchEvent(new Event('input', { bubbles: true }));
          }
        },
        { 'lead-name': name, 'lead-phone': '13900139000', 'lead-content': '自动填充后立即提交' },
      );
      expect(await startMode(page), 'sent before the code ran').toBeUndefined();
      await page.getByRole('button', { name: '提交留言' }).click();
      await expect(page.getByTestId('lead-outcome')).toContainText('提交成功，我们会尽快与您联系');
      release();
      expectNothingTypedIn(page, [name, '13900139000', '自动填充后立即提交']);
      await expect.poll(async () => (await storedLeads(page, name)).length).toBe(1);
      await page.context().close();
    });
  });
}

test('the desktop page a sent form moved to should bring back an empty form with 继续留言, also once running', async ({
  browser,
}) => {
  const page = await open(browser, FORMS[0], { javaScript: true, visitor: 'again' });
  await page.goto(mainUrl('/about.html?sent=1#message'));
  const outcome = page.getByTestId('lead-outcome');
  await expect(outcome).toContainText('提交成功');
  await outcome.getByRole('link', { name: '继续留言' }).click();
  await expect(page.locator('#lead-name')).toHaveValue('');
  await expect(page).toHaveURL(mainUrl('/about.html#message'));
  await page.context().close();
});
