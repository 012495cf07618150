import { createHash } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { MAIN_HOST, MOBILE_HOST } from './chromium';

/**
 * The server of this test worker (global-setup.ts starts one per worker): its port and its log file. Playwright
 * numbers running workers from 0 (TEST_PARALLEL_INDEX), and a restarted worker takes the index it replaces.
 */
function serverFor(list: string | undefined): string {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  const value = list?.split(',')[index];
  if (!value) throw new Error('E2E_PORTS is not set: run through `npm run test:e2e`');
  return value;
}

export const port = (): number => Number(serverFor(process.env.E2E_PORTS));

/** The port this worker's server accepts as a group robot's (global-setup.ts). */
export const robotPort = (): number => Number(serverFor(process.env.E2E_ROBOT_PORTS));

/** The log of this worker's server, for tests that check what it reported. */
export const serverLogFile = (): string => serverFor(process.env.E2E_SERVER_LOGS);

/**
 * An address of its own for a test file that leaves messages: the servers trust one proxy (global-setup.ts), so
 * `X-Forwarded-For` names the visitor, and the contact form's limit (five an address in ten minutes) counts each
 * file apart, whichever files share a worker's server.
 */
export function ownAddress(file: string): Record<string, string> {
  const hash = createHash('sha256').update(file).digest();
  return { 'x-forwarded-for': `198.18.${hash[0]}.${hash[1]}` };
}

export const mainUrl = (path = '/') => `http://${MAIN_HOST}:${port()}${path}`;
export const mobileHostUrl = (path = '/') => `http://${MOBILE_HOST}:${port()}${path}`;
/** For requests made from Node (Playwright's request context), which does not resolve the test host names. */
export const directUrl = (path = '/') => `http://127.0.0.1:${port()}${path}`;

/**
 * Waits until a remote runs in the browser (server markup hydrated, or rendered by the browser) and answers
 * its name (`data-remote` on its root). A server-rendered page starts its code when the visitor reaches for it
 * (docs/decisions.md "First view on phones"): the mouse moves over the page, as a visitor's would.
 */
export async function mountedRemote(page: Page): Promise<string> {
  await reachFor(page);
  await page.waitForFunction(() => (window as { __SITE_START__?: string }).__SITE_START__ !== undefined);
  const root = page.locator('[data-remote]').first();
  await root.waitFor();
  return (await root.getAttribute('data-remote')) ?? '';
}

/** Moves the mouse over the page (its code starts, if it has not). */
export async function reachFor(page: Page): Promise<void> {
  await page.mouse.move(3, 3);
  await page.mouse.move(4, 4);
}

/** How the page started in the browser: `hydrated` (server markup adopted) or `rendered`. */
export function startMode(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as { __SITE_START__?: string }).__SITE_START__);
}

/** The shared store's state, as the shell exposes it for diagnostics. */
export function storeState<T = Record<string, unknown>>(page: Page): Promise<T> {
  return page.evaluate(
    () => (window as unknown as { __SITE_STORE__: { getState(): unknown } }).__SITE_STORE__.getState() as never,
  );
}

/** Whether a script carries swiper's code: its default parameters name `wrapperClass`, which no other script does. */
export const carriesSwiper = (script: string | Buffer): boolean => script.includes('wrapperClass');

/** Collects the scripts of a page that carry swiper's code, from now on. */
export function swiperScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.text().catch(() => '');
    if (carriesSwiper(body)) urls.push(response.url());
  });
  return urls;
}

/** Scrolls the page to its end, where an infinite list's end shows. */
export async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/**
 * Scrolls to the end until an infinite list shows `total` entries, each scroll having to bring more within 5 s. The
 * count is read once a round: read twice, a load landing in between would have the round wait for one that never
 * comes.
 */
export async function scrollUntilAll(page: Page, entries: Locator, total: number): Promise<void> {
  for (let shown = await entries.count(); shown < total; shown = await entries.count()) {
    await scrollToEnd(page);
    await expect(entries).not.toHaveCount(shown, { timeout: 5000 });
  }
}
