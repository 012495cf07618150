import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../../support/global-setup';
import { directUrl, mainUrl, mountedRemote, serverLogFile, startMode } from '../../support/site';

const DIST = path.join(REPO_ROOT, 'mf-desktop', 'dist');
const POINTER = path.join(DIST, 'current.json');

const serverLog = () => readFileSync(serverLogFile(), 'utf8');

test.describe('a remote whose server build is broken', () => {
  test('should fall back to rendering in the browser, and be reported once', async ({ page }) => {
    const pointer = readFileSync(POINTER, 'utf8');
    const good = JSON.parse(pointer).release as string;
    const broken = `broken-${Date.now().toString(36)}`;
    // The same browser build, with a server entry that throws as soon as it is evaluated.
    cpSync(path.join(DIST, 'releases', good), path.join(DIST, 'releases', broken), { recursive: true });
    writeFileSync(
      path.join(DIST, 'releases', broken, 'server', 'remoteEntry.js'),
      "throw new Error('this server build is broken');\n",
    );
    try {
      writeFileSync(POINTER, JSON.stringify({ release: broken }));
      // The server reads the pointer at most a second late.
      await expect
        .poll(async () => (await (await page.request.get(directUrl('/api/frontend/remotes'))).text()).includes(broken))
        .toBe(true);

      for (let i = 0; i < 3; i++) {
        const response = await page.request.get(directUrl('/about.html'));
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).not.toContain('id="site-state"');
        expect(html).toMatch(/<div id="root"><\/div>/);
        expect(html).toContain(`/remotes/mf_desktop/${broken}/mf-manifest.json`);
      }
      const reports = serverLog()
        .split('\n')
        .filter((line) => line.includes(`Server rendering with mf_desktop release ${broken} failed`));
      expect(reports).toHaveLength(1);

      // The visitor still gets the page, rendered by the browser from the same release.
      const loaded: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/remotes/mf_desktop/')) loaded.push(request.url());
      });
      await page.goto(mainUrl('/about.html'));
      expect(await mountedRemote(page)).toBe('mf_desktop');
      expect(await startMode(page)).toBe('rendered');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(loaded.length).toBeGreaterThan(0);
      expect(loaded.every((url) => url.includes(`/remotes/mf_desktop/${broken}/`))).toBe(true);
    } finally {
      writeFileSync(POINTER, pointer);
      rmSync(path.join(DIST, 'releases', broken), { recursive: true, force: true });
    }
    // And server rendering is back with the good release.
    await expect
      .poll(async () => (await (await page.request.get(directUrl('/about.html'))).text()).includes('id="site-state"'))
      .toBe(true);
  });
});
