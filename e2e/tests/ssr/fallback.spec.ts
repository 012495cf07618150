import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { ReleasesOverview } from '@site/shared-types';
import { adminCall, apiToken } from '../../support/admin';
import { REPO_ROOT } from '../../support/global-setup';
import { directUrl, mainUrl, mountedRemote, serverLogFile, startMode } from '../../support/site';

const DIST = path.join(REPO_ROOT, 'mf-desktop', 'dist');
const POINTER = path.join(DIST, 'current.json');

const serverLog = () => readFileSync(serverLogFile(), 'utf8');

test.describe('a remote whose server build is broken', () => {
  test('should be refused when a deploy names it, visitors keeping the release they had, reported once', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
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
      // What the build command (or a deploy script) does: name the release in current.json.
      writeFileSync(POINTER, JSON.stringify({ release: broken }));
      // The server looks at the file every couple of seconds, smoke-renders the release, and refuses it.
      await expect
        .poll(
          async () =>
            (await adminCall<ReleasesOverview>(request, token, '/api/releases')).events.find(
              (event) => event.to === broken,
            ),
          { timeout: 15_000 },
        )
        .toMatchObject({ action: 'refused', from: good, actor: '构建' });
      const refusal = (await adminCall<ReleasesOverview>(request, token, '/api/releases')).events.find(
        (event) => event.to === broken,
      )!;
      expect(refusal.detail).toContain('失败：this server build is broken');
      const reports = serverLog()
        .split('\n')
        .filter((line) => line.includes(`Remote mf_desktop release ${broken} refused`));
      expect(reports).toHaveLength(1);

      // Visitors never saw it: pages are rendered on the server with the good release and hydrated.
      for (let i = 0; i < 3; i++) {
        const html = await (await page.request.get(directUrl('/about.html'))).text();
        expect(html).toContain('id="site-state"');
        expect(html).toContain(`/remotes/mf_desktop/${good}/mf-manifest.json`);
        expect(html).not.toContain(broken);
      }
      await page.goto(mainUrl('/about.html'));
      expect(await mountedRemote(page)).toBe('mf_desktop');
      expect(await startMode(page)).toBe('hydrated');
      await expect(page.locator('[data-remote="mf_desktop"]')).toHaveAttribute('data-release', good);
    } finally {
      writeFileSync(POINTER, pointer);
      rmSync(path.join(DIST, 'releases', broken), { recursive: true, force: true });
    }
  });
});
