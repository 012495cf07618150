import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ReleasesOverview, RemoteReleases } from '@site/shared-types';
import { ADMIN, adminCall, apiToken, confirmWith, loginAs, openScreen } from '../../support/admin';
import { cloneRelease, removeRelease } from '../../support/releases';
import { directUrl } from '../../support/site';

test.use({ viewport: { width: 1366, height: 900 } });

/** How soon the public pages follow a switch. */
const SWITCH_MS = 1_000;

/**
 * The server's canary bucket cookie (0–99, kept by each visitor): a visitor whose bucket is below the canary's
 * share gets the canary. Sent explicitly so that a check does not depend on the bucket a new visitor draws.
 */
const bucket = (value: number) => ({ cookie: `site_bucket=${value}` });

async function desktopReleases(request: APIRequestContext, token: string): Promise<RemoteReleases> {
  const overview = await adminCall<ReleasesOverview>(request, token, '/api/releases');
  const desktop = overview.remotes.find((remote) => remote.remote === 'mf_desktop');
  if (!desktop) throw new Error('/api/releases lists no mf_desktop');
  return desktop;
}

/** Waits until the server lists a release just made in the build folder. */
async function listed(request: APIRequestContext, token: string, release: string): Promise<void> {
  await expect
    .poll(async () => (await desktopReleases(request, token)).releases.map((row) => row.release))
    .toContain(release);
}

/** The desktop home page names `release` (on its remote's root) within SWITCH_MS. */
async function expectServed(page: Page, release: string, headers?: Record<string, string>): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(directUrl('/'), { headers });
        return (await response.text()).includes(`data-release="${release}"`);
      },
      { timeout: SWITCH_MS, message: `the home page is rendered with ${release}` },
    )
    .toBe(true);
}

/** A kept release's row in a remote's table (its 启用 button names it; the line under an incompatible one does not). */
const releaseRow = (section: Locator, release: string): Locator =>
  section.getByRole('row').filter({ has: section.page().getByRole('button', { name: `启用${release}`, exact: true }) });

/** The entries of 发布记录 with this 操作 that name `release`. */
const recorded = (page: Page, action: string, release: string): Locator =>
  page
    .getByRole('region', { name: '发布记录' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: action, exact: true }) })
    .filter({ hasText: release });

/** Puts the desktop remote back on `release`, without a canary, whatever the test left. */
async function restore(request: APIRequestContext, token: string, release: string): Promise<void> {
  const desktop = await desktopReleases(request, token);
  if (desktop.canary) await adminCall(request, token, '/api/rollbackrelease', { remote: 'mf_desktop' });
  if (desktop.active !== release) {
    await adminCall(request, token, '/api/activaterelease', { remote: 'mf_desktop', release });
  }
}

test.describe('back-office remote releases', () => {
  test('should run a release as a canary, promote it and roll back, each switch served at once and recorded', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request);
    const original = (await desktopReleases(request, token)).active ?? '';
    expect(original, 'the desktop remote has an active release').not.toBe('');
    const clone = cloneRelease('mf-desktop');
    await listed(request, token, clone);
    try {
      await loginAs(page);
      await openScreen(page, '版本发布');
      await expect(page).toHaveURL(/\/admin\/index\/releases$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('版本发布');
      const desktop = page.getByRole('region', { name: '桌面站' });
      const summary = desktop.getByTestId('release-summary');
      await expect(summary).toContainText(original);
      await expect(releaseRow(desktop, original)).toContainText('当前');
      await expect(releaseRow(desktop, clone)).toContainText('保留');
      await expect(desktop.getByRole('button', { name: '全量发布' })).toHaveCount(0);
      await expectServed(page, original);

      // 灰度: half of the visitors get the clone.
      await releaseRow(desktop, clone)
        .getByRole('button', { name: `灰度${clone}` })
        .click();
      const dialog = page.getByRole('dialog', { name: `灰度发布 ${clone}` });
      const share = dialog.getByLabel('灰度比例');
      await expect(share).toHaveValue('10');
      await share.fill('50');
      await dialog.getByRole('button', { name: '开始灰度' }).click();
      await expect(dialog).toBeHidden();
      await expect(summary).toContainText('灰度 50%');
      await expect(summary).toContainText(clone);
      await expect(releaseRow(desktop, clone)).toContainText('灰度 50%');
      await expect(releaseRow(desktop, original)).toContainText('当前');
      await expectServed(page, clone, bucket(0));
      await expectServed(page, original, bucket(99));
      await expect(recorded(page, '灰度 50%', clone).first()).toContainText(ADMIN.email);

      // While the canary runs, 回滚 would end it (not asked for here).
      const confirm = page.getByRole('tooltip');
      await desktop.getByRole('button', { name: '回滚', exact: true }).click();
      await expect(confirm).toContainText('确定结束灰度吗？');
      await confirmWith(page, '取消');
      await expect(confirm).toBeHidden();

      // 全量发布: everyone gets the clone.
      await desktop.getByRole('button', { name: '全量发布', exact: true }).click();
      await expect(confirm).toContainText(`确定全量发布 ${clone} 吗？`);
      await confirmWith(page, '全量发布');
      await expect(releaseRow(desktop, clone)).toContainText('当前');
      await expect(desktop.getByRole('button', { name: '全量发布' })).toHaveCount(0);
      await expectServed(page, clone);
      await expect(recorded(page, '全量发布', clone).first()).toContainText(ADMIN.email);

      // 回滚: back to the release before.
      await desktop.getByRole('button', { name: '回滚', exact: true }).click();
      await expect(confirm).toContainText(`确定回滚到 ${original} 吗？`);
      await confirmWith(page, '回滚');
      await expect(releaseRow(desktop, original)).toContainText('当前');
      await expect(releaseRow(desktop, clone)).toContainText('可回滚');
      await expectServed(page, original);
      await expect(recorded(page, '回滚', clone).first()).toContainText(ADMIN.email);
      expect((await desktopReleases(request, token)).active).toBe(original);
    } finally {
      await restore(request, token, original);
      removeRelease('mf-desktop', clone);
    }
  });

  test('should mark a release built against another React as incompatible and not offer to start it', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const broken = cloneRelease('mf-desktop', { mutate: 'incompatible-react' });
    await listed(request, token, broken);
    try {
      const row = (await desktopReleases(request, token)).releases.find((entry) => entry.release === broken);
      const problem = row?.problems[0] ?? '';
      expect(problem, 'the server names what does not fit').toContain('react');

      await loginAs(page);
      await openScreen(page, '版本发布');
      const desktop = page.getByRole('region', { name: '桌面站' });
      const warning = desktop.getByText(`${broken} 不兼容：`);
      await expect(warning).toBeVisible();
      await expect(warning).toContainText(problem);
      await expect(desktop.getByRole('button', { name: `启用${broken}` })).toBeDisabled();
      await expect(desktop.getByRole('button', { name: `灰度${broken}` })).toBeDisabled();
    } finally {
      removeRelease('mf-desktop', broken);
    }
  });

  test('should refuse to start a release whose server render fails, saying why, and keep serving the active one', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const original = (await desktopReleases(request, token)).active ?? '';
    expect(original, 'the desktop remote has an active release').not.toBe('');
    const throwing = cloneRelease('mf-desktop', { mutate: 'ssr-throws' });
    await listed(request, token, throwing);
    try {
      await loginAs(page);
      await openScreen(page, '版本发布');
      const desktop = page.getByRole('region', { name: '桌面站' });
      // Its record is sound: only the smoke render of 启用 finds the fault.
      await releaseRow(desktop, throwing)
        .getByRole('button', { name: `启用${throwing}` })
        .click();
      const confirm = page.getByRole('tooltip');
      await expect(confirm).toContainText(`确定启用 ${throwing} 吗？`);
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/activaterelease');
      await confirmWith(page, '启用');
      const refusal = (await (await answer).json()) as { code: number; msg: string };
      expect(refusal.code).not.toBe(0);
      expect(refusal.msg).toContain(throwing);
      await expect(page.getByText(refusal.msg)).toBeVisible();
      await expect(releaseRow(desktop, original)).toContainText('当前');
      await expect(releaseRow(desktop, throwing)).not.toContainText('当前');
      expect((await desktopReleases(request, token)).active).toBe(original);
      await expectServed(page, original);
    } finally {
      await restore(request, token, original);
      removeRelease('mf-desktop', throwing);
    }
  });
});
