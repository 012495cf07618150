import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
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
