import { expect, test, type Browser } from '@playwright/test';
import type { ReleasesOverview, RemoteReleases } from '@site/shared-types';
import { adminCall, apiToken } from '../../support/admin';
import { MAIN_HOST } from '../../support/chromium';
import { cloneRelease, removeRelease } from '../../support/releases';
import { directUrl, mainUrl, mountedRemote, reachFor, startMode } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

const desktop = async (request: Parameters<typeof apiToken>[0], token: string): Promise<RemoteReleases> =>
  (await adminCall<ReleasesOverview>(request, token, '/api/releases')).remotes.find((r) => r.remote === 'mf_desktop')!;

/**
 * One visit to the home page in a browser: the release in the server's markup, the release the browser runs
 * after hydrating, how the page started, and every error or warning the console saw.
 */
async function visit(browser: Browser, bucket: number | null) {
  const context = await browser.newContext();
  if (bucket !== null) {
    await context.addCookies([{ name: 'site_bucket', value: String(bucket), domain: MAIN_HOST, path: '/' }]);
  }
  const page = await context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Cross-Origin-Opener-Policy|Origin-Agent-Cluster/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  const load = async () => {
    const response = await page.goto(mainUrl('/'));
    const server = /data-release="([^"]+)"/.exec((await response?.text()) ?? '')?.[1];
    await mountedRemote(page);
    const browserRelease = await page.locator('[data-remote="mf_desktop"]').getAttribute('data-release');
    return { server, browser: browserRelease, start: await startMode(page) };
  };
  return { context, page, messages, load };
}

test.describe('canary releases', () => {
  test('should serve a 50 % canary to half the visitors, each keeping theirs, hydrated without warnings', async ({
    browser,
    request,
  }) => {
    const token = await apiToken(request);
    const active = (await desktop(request, token)).active!;
    const canary = cloneRelease('mf-desktop');
    try {
      await adminCall(request, token, '/api/canaryrelease', { remote: 'mf_desktop', release: canary, percent: 50 });

      // Visitors on either side of the share: the server renders with their release and the browser hydrates it.
      for (const [bucket, expected] of [
        [12, canary],
        [77, active],
      ] as const) {
        const visitor = await visit(browser, bucket);
        for (let i = 0; i < 2; i++) {
          expect(await visitor.load()).toEqual({ server: expected, browser: expected, start: 'hydrated' });
        }
        await visitor.page.waitForLoadState('networkidle');
        expect(visitor.messages).toEqual([]);
        await visitor.context.close();
      }

      // A new visitor is given a bucket by the first page and keeps its release across reloads.
      const fresh = await visit(browser, null);
      const first = await fresh.load();
      const cookie = (await fresh.context.cookies()).find((found) => found.name === 'site_bucket');
      expect(cookie?.httpOnly).toBe(true);
      expect(first.server).toBe(Number(cookie!.value) < 50 ? canary : active);
      for (let i = 0; i < 2; i++) {
        await fresh.page.reload();
        await mountedRemote(fresh.page);
        expect(await fresh.page.locator('[data-remote="mf_desktop"]').getAttribute('data-release')).toBe(first.server);
      }
      expect(fresh.messages).toEqual([]);
      await fresh.context.close();
    } finally {
      // Ends the canary if it still runs (without one, a rollback would change the active release).
      if ((await desktop(request, token)).canary)
        await adminCall(request, token, '/api/rollbackrelease', { remote: 'mf_desktop' });
      removeRelease('mf-desktop', canary);
    }
  });

  test('should roll back a canary whose pages fail in the browser, by itself, and record why', async ({
    browser,
    request,
  }) => {
    const token = await apiToken(request);
    const active = (await desktop(request, token)).active!;
    // Its server build renders (the gate lets it through); in the browser its layout throws.
    const broken = cloneRelease('mf-desktop', { mutate: 'browser-throws' });
    try {
      await adminCall(request, token, '/api/canaryrelease', { remote: 'mf_desktop', release: broken, percent: 50 });
      const visitor = await visit(browser, 3);
      const reports: string[] = [];
      visitor.page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/api/frontend/errors') reports.push(sent.method());
      });
      for (let i = 0; i < 4; i++) {
        await visitor.page.goto(mainUrl('/'));
        // The visitor reaches for the page: its code starts, and its layout throws. The server's page stays, with a
        // notice offering 重试.
        await reachFor(visitor.page);
        await expect(visitor.page.getByTestId('load-failed')).toBeVisible();
      }
      // Each page reported its failure (a beacon, with the report token its page came with), counted against the
      // canary.
      await expect.poll(() => reports.length).toBeGreaterThanOrEqual(4);
      await visitor.context.close();
      // (Reports that arrive once the canary has ended are no longer counted: the last ones may not be.)
      const stats = async () => (await desktop(request, token)).releases.find((row) => row.release === broken)!.stats;
      // Counts reach the database every couple of seconds, not necessarily all in one round.
      await expect
        .poll(async () => {
          const { views, ssrFailures, clientErrors } = await stats();
          return { views, ssrFailures, reported: clientErrors >= 1 };
        })
        .toEqual({ views: 4, ssrFailures: 0, reported: true });

      // The server judges every couple of seconds: past the threshold the canary ends, recorded with its figures.
      await expect.poll(async () => (await desktop(request, token)).canary, { timeout: 15_000 }).toBeNull();
      const events = (await adminCall<ReleasesOverview>(request, token, '/api/releases')).events;
      const rollback = events.find((event) => event.action === 'auto-rollback' && event.from === broken);
      expect(rollback).toMatchObject({ to: active, actor: '系统' });
      expect(rollback!.detail).toMatch(
        /^错误率 100\.0%（1 位访客中 1 位遇到错误；\d+ 次访问，服务端渲染失败 0 次，浏览器错误 \d+ 次），超过 5%$/,
      );
      const after = await (await request.get(directUrl('/'), { headers: { cookie: 'site_bucket=3' } })).text();
      expect(after).toContain(`data-release="${active}"`);
    } finally {
      // Ends the canary if it still runs (without one, a rollback would change the active release).
      if ((await desktop(request, token)).canary)
        await adminCall(request, token, '/api/rollbackrelease', { remote: 'mf_desktop' });
      removeRelease('mf-desktop', broken);
    }
  });
});
