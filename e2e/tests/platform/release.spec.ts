import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT } from '../../support/global-setup';
import { directUrl, mainUrl, mountedRemote, startMode } from '../../support/site';

/** A digest of every file of the shell's build, to prove it is not rebuilt. */
function digest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      const full = path.join(current, entry);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const current = (remote: string) =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, remote, 'dist', 'current.json'), 'utf8')).release as string;

test.describe('independent shipping', () => {
  test('should serve a rebuilt remote without restarting the server or rebuilding the shell and the other remotes', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto(mainUrl('/'));
    await mountedRemote(page);
    const before = await page.locator('[data-remote]').getAttribute('data-release');
    expect(before).toBe(current('mf-desktop'));
    const shellBefore = digest(path.join(REPO_ROOT, 'shell', 'dist'));
    const others = { mobile: current('mf-mobile'), admin: current('mf-admin') };

    // The documented command: rebuild and publish one remote.
    const release = spawnSync('npm', ['run', 'build', '-w', 'mf-desktop'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(release.status, release.stdout + release.stderr).toBe(0);
    const published = current('mf-desktop');
    expect(published).not.toBe(before);

    // Beside its files, the release records what it was built from and against, and its size.
    const releaseDir = path.join(REPO_ROOT, 'mf-desktop', 'dist', 'releases', published);
    const record = JSON.parse(readFileSync(path.join(releaseDir, 'release.json'), 'utf8'));
    const versionOf = (name: string) =>
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')).version as string;
    expect(record).toMatchObject({
      format: 1,
      remote: 'mf_desktop',
      package: '@site/mf-desktop',
      release: published,
      commit: { id: expect.stringMatching(/^[0-9a-f]{40}$/) },
      platform: versionOf('@site/platform'),
      server: true,
    });
    expect(record.shared.react.version).toBe(versionOf('react'));
    // Every shared module the remote uses, with the range it requires of the shell.
    for (const used of Object.values<{ version: string; requiredVersion: string }>(record.shared)) {
      expect(used.requiredVersion).toMatch(/^\^\d+\.\d+\.\d+$/);
    }
    expect(record.shared['@site/platform'].requiredVersion).toBe(`^${versionOf('@site/platform')}`);
    const entryBytes = statSync(path.join(releaseDir, 'web', 'remoteEntry.js')).size;
    expect(record.size.firstView.js.bytes).toBeGreaterThan(entryBytes);
    expect(record.size.firstView.js.gzip).toBeLessThan(record.size.firstView.js.bytes);
    expect(record.size.total.js.bytes).toBeGreaterThan(record.size.firstView.js.bytes);

    // The server renders with the new release at once, and names it in the page, so the browser hydrates the
    // markup with the code it was rendered with.
    await expect
      .poll(async () => (await (await page.request.get(directUrl('/'))).text()).includes(`data-release="${published}"`))
      .toBe(true);
    const rendered = await (await page.request.get(directUrl('/'))).text();
    expect(rendered).toContain(`/remotes/mf_desktop/${published}/mf-manifest.json`);
    expect(rendered).toMatch(
      new RegExp(`<style data-href="[^"]+\\.css" data-source="/remotes/mf_desktop/${published}/`),
    );
    expect(rendered).not.toContain(before!);
    await page.reload();
    expect(await mountedRemote(page)).toBe('mf_desktop');
    await expect(page.locator('[data-remote="mf_desktop"]')).toHaveAttribute('data-release', published);
    expect(await startMode(page)).toBe('hydrated');
    expect(digest(path.join(REPO_ROOT, 'shell', 'dist'))).toBe(shellBefore);
    expect({ mobile: current('mf-mobile'), admin: current('mf-admin') }).toEqual(others);
    // The shell's own script is the very same file, served from the cache-forever folder.
    const html = await (await page.request.get(directUrl('/'))).text();
    const script = /"\/(assets\/main\.[0-9a-f]{8}\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const response = await page.request.get(directUrl(`/${script}`));
    expect(response.headers()['cache-control']).toContain('immutable');
  });
});
