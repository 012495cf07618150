import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { directUrl, mainUrl, mountedRemote } from './site';

/** The e2e server's administrator (support/global-setup.ts). */
export const ADMIN = { email: 'admin@yunfan.example.com', password: 'E2E-admin-2026' };

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Logs in through the login screen and waits for the back office. */
export async function loginAs(page: Page, password = ADMIN.password): Promise<void> {
  await page.goto(mainUrl('/admin/'));
  await mountedRemote(page);
  await page.getByLabel('邮箱').fill(ADMIN.email);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(mainUrl('/admin/index/case'));
}

/** A token for arranging and checking data through the admin API. */
export async function apiToken(request: APIRequestContext, password = ADMIN.password): Promise<string> {
  const response = await request.post(directUrl('/api/login'), {
    data: { email: ADMIN.email, password: md5(password) },
  });
  const body = (await response.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return body.data.token;
}

export async function adminCall<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: object = {},
): Promise<T> {
  const response = await request.post(directUrl(path), { data, headers: { token } });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.msg}`);
  return body.data;
}

/** Searches a back-office list (its search box found by placeholder) for `text`; answers the rows naming it. */
export async function searchRows(page: Page, placeholder: string, text: string): Promise<Locator> {
  await page.getByPlaceholder(placeholder).fill(text);
  await page.getByPlaceholder(placeholder).press('Enter');
  return page.getByRole('row', { name: new RegExp(text) });
}

/** Opens a back-office screen from the side menu. */
export async function openScreen(page: Page, label: string): Promise<void> {
  await page.getByRole('navigation', { name: '后台菜单' }).getByText(label, { exact: true }).click();
}

/**
 * Picks an option of an antd select found by its label, inside `scope` (a dialog or the page), and checks the
 * select shows it. The option is clicked once the dropdown has finished its opening motion (it is first drawn
 * unaligned: a click during the motion can land on a neighbour). A searchable select gets the option typed
 * first: its list is virtual and shows only the options in view.
 */
export async function choose(
  page: Page,
  scope: Locator,
  label: string,
  option: string,
  { search = false } = {},
): Promise<void> {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  if (search) await select.fill(option);
  const settled = page.locator('.ant-select-dropdown:visible:not([class*="-enter"]):not([class*="-appear"])');
  await settled.getByTitle(option, { exact: true }).click();
  // `has` is looked up inside each select, so it names the field without the scope.
  const field = scope.locator('.ant-select', { has: page.getByLabel(label, { exact: true }) });
  await expect(field.getByTitle(option, { exact: true })).toBeVisible();
}

/** Uploads a file through the upload button named `button` and waits for the answer of `path`. */
export async function uploadThrough(
  page: Page,
  scope: Locator,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  path = '/api/uploader',
): Promise<string> {
  const chooser = page.waitForEvent('filechooser');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await scope.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(file);
  const body = (await (await answer).json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(0);
  return body.data.url;
}

/** The id an `amend…` call answered (the row just saved). */
export async function savedId(page: Page, path: string, save: () => Promise<void>): Promise<number> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === path);
  await save();
  const body = (await (await answer).json()) as { code: number; msg: string; data: { id: number } };
  expect(body, body.msg).toMatchObject({ code: 0 });
  return body.data.id;
}

/**
 * Presses `button` in the open confirmation (antd's Popconfirm) once it has finished coming in. A press during its
 * entrance, while the popup is still being placed, is lost: under load a test then waited for an answer that
 * never came, with the confirmation still open.
 */
export async function confirmWith(page: Page, button: string): Promise<void> {
  const confirm = page.getByRole('tooltip');
  await expect(confirm).toBeVisible();
  await expect
    .poll(() =>
      confirm.evaluate((element) => {
        const popup = element.closest('.ant-popover') ?? element;
        return (
          /-(?:appear|enter)\b/.test(popup.className) ||
          popup.getAnimations({ subtree: true }).some((animation) => animation.playState === 'running')
        );
      }),
    )
    .toBe(false);
  await confirm.getByRole('button', { name: button }).click();
}
