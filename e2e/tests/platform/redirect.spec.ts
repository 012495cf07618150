import { expect, test } from '@playwright/test';
import { DESKTOP_UA, MOBILE_UA } from '../../support/chromium';
import { mainUrl, mobileHostUrl, mountedRemote } from '../../support/site';

/**
 * docs/behaviour.md#redirect-rules: user agent × host × address → where the visitor lands and which remote mounts.
 */
const MATRIX: Array<{
  device: 'desktop' | 'mobile';
  host: 'main' | 'mobile';
  path: string;
  lands: string;
  remote: string;
  /** How it moves when it does: the start-up redirect's 302, or 301 to a page's own address. */
  status?: number;
}> = [
  { device: 'desktop', host: 'main', path: '/', lands: '/', remote: 'mf_desktop' },
  { device: 'desktop', host: 'main', path: '/index.html', lands: '/', remote: 'mf_desktop' },
  { device: 'desktop', host: 'main', path: '/move/', lands: '/', remote: 'mf_desktop' },
  { device: 'desktop', host: 'main', path: '/admin', lands: '/admin/', remote: 'mf_admin' },
  { device: 'mobile', host: 'main', path: '/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'main', path: '/index.html', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'main', path: '/move/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'main', path: '/admin', lands: '/admin/', remote: 'mf_admin' },
  { device: 'desktop', host: 'mobile', path: '/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'desktop', host: 'mobile', path: '/index.html', lands: '/move/', remote: 'mf_mobile' },
  { device: 'desktop', host: 'mobile', path: '/move/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'desktop', host: 'mobile', path: '/admin', lands: '/admin/', remote: 'mf_admin', status: 301 },
  { device: 'mobile', host: 'mobile', path: '/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'mobile', path: '/index.html', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'mobile', path: '/move/', lands: '/move/', remote: 'mf_mobile' },
  { device: 'mobile', host: 'mobile', path: '/admin', lands: '/admin/', remote: 'mf_admin', status: 301 },
];

test.describe('start-up redirect', () => {
  for (const row of MATRIX) {
    test(`a ${row.device} device on the ${row.host} host at ${row.path} should land on ${row.lands} (${row.remote})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ userAgent: row.device === 'mobile' ? MOBILE_UA : DESKTOP_UA });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => {
        const match = /\/remotes\/(mf_\w+)\//.exec(request.url());
        if (match) requested.push(match[1]!);
      });
      const response = await page.goto(row.host === 'main' ? mainUrl(row.path) : mobileHostUrl(row.path));
      // The server answers the redirect itself before rendering anything.
      const redirect = response?.request().redirectedFrom();
      if (row.lands === row.path) expect(redirect).toBeNull();
      else expect((await redirect?.response())?.status()).toBe(row.status ?? 302);
      expect(await mountedRemote(page)).toBe(row.remote);
      expect(new URL(page.url()).pathname).toBe(row.lands);
      // Exactly one remote is ever fetched for the page: the redirect happens before anything mounts.
      expect([...new Set(requested)]).toEqual([row.remote]);
      await context.close();
    });
  }

  test('should apply the redirect again on in-app navigation', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: DESKTOP_UA });
    const page = await context.newPage();
    await page.goto(mainUrl('/about.html'));
    await mountedRemote(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/move/index.html');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(mainUrl('/'));
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await context.close();
  });
});
