import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ReleasesOverview, RemoteName, RemoteReleases } from '@site/shared-types';
import { cloneRelease, currentRelease, writeCurrent } from '../../e2e/support/release-fixtures.mjs';
import { RemotesService } from '../src/delivery/releases/remotes.service.js';
import { ReleaseRounds } from '../src/delivery/publishing/release-rounds.js';
import { runReleaseCommand } from '../src/release-command.js';
import { adminCall, login } from './support/admin-session.js';
import { ok, refused } from './support/envelope.js';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app.js';

/**
 * Shipping one remote (docs/architecture.md "Releases"): the gate (records against the serving shell, the smoke
 * render), switches through the back office's calls, the release command and the build's `current.json`, the
 * canary's sticky share and its automatic rollback, and two instances switching together. The releases are
 * copies of the built ones in a folder of this file's own (REMOTE_*_DIR), so nothing else sees them.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const PACKAGES: Record<RemoteName, string> = { mf_desktop: 'mf-desktop', mf_mobile: 'mf-mobile', mf_admin: 'mf-admin' };
const BUCKET = 'site_bucket';

let root: string;
let t: TestApp;
let token: string;
const dist = (remote: RemoteName) => path.join(root, PACKAGES[remote], 'dist');
let env: Record<string, string>;
let first: string;

function digest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const full = path.join(dir, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex');
}

async function overview(app = t): Promise<ReleasesOverview> {
  return ok<ReleasesOverview>(await adminCall(app, token, '/api/releases'));
}
async function desktop(app = t): Promise<RemoteReleases> {
  return (await overview(app)).remotes.find((remote) => remote.remote === 'mf_desktop')!;
}

/** The desktop release a visitor (by bucket cookie) gets in the home page, and the `Set-Cookie` it was sent. */
async function servedRelease(app: TestApp, bucket?: number): Promise<{ release: string; cookie: string | null }> {
  const req = app.http.get('/').set('user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130');
  if (bucket !== undefined) req.set('cookie', `${BUCKET}=${bucket}`);
  const res = await req;
  expect(res.status).toBe(200);
  const release = /data-release="([^"]+)"/.exec(res.text)?.[1];
  expect(release).toBeTruthy();
  // The pointer inlined for the browser names the same release as the server markup (hydration agrees).
  expect(res.text).toContain(`/remotes/mf_desktop/${release}/mf-manifest.json`);
  const cookie = res.headers['set-cookie'] as unknown as string[] | undefined;
  return { release: release!, cookie: cookie?.find((line) => line.startsWith(`${BUCKET}=`)) ?? null };
}

/**
 * How long `app` took to serve `release` to a visitor of `bucket`, asked every 20 ms for at most 5 s; Infinity when it
 * never did. Another instance hears of a switch through the database's announcement, which comes a moment after the
 * commit.
 */
async function timeToServe(app: TestApp, release: string, bucket?: number): Promise<number> {
  const from = Date.now();
  while (Date.now() - from < 5000) {
    if ((await servedRelease(app, bucket)).release === release) return Date.now() - from;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

const tick = (app = t) => app.app.get(ReleaseRounds).tick();

beforeAll(async () => {
  root = mkdtempSync(path.join(process.env.TEST_ROOT ?? '/tmp', 'releases-'));
  env = { CANARY_MIN_VIEWS: '20', CANARY_MAX_ERROR_PERCENT: '10', TRUST_PROXY: '1' };
  for (const remote of Object.keys(PACKAGES) as RemoteName[]) {
    const from = path.join(repoRoot, PACKAGES[remote], 'dist');
    mkdirSync(path.join(dist(remote), 'releases'), { recursive: true });
    const release = cloneRelease({ fromDist: from, toDist: dist(remote), to: currentRelease(from) });
    writeCurrent(dist(remote), release);
    env[`REMOTE_${remote.toUpperCase()}_DIR`] = dist(remote);
  }
  first = currentRelease(dist('mf_desktop'));
  t = await createTestApp(env);
  token = await login(t);
  // The first start takes in what the build command named.
  await tick();
});

afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the gate', () => {
  it('should take in the release the build named, recorded as the build’s', async () => {
    const remote = await desktop();
    expect(remote.active).toBe(first);
    expect(remote.releases.find((row) => row.release === first)).toMatchObject({
      state: 'active',
      problems: [],
      react: expect.stringMatching(/^19\./),
    });
    const events = (await overview()).events.filter((event) => event.remote === 'mf_desktop');
    expect(events.at(-1)).toMatchObject({ action: 'activate', from: null, to: first, actor: '构建' });
  });

  it.each([
    ['incompatible-react', /发布需要 react \^18\.3\.1（构建时为 18\.3\.1），外壳提供的是 19\./],
    ['incompatible-platform', /发布基于平台契约 99\.0\.0（要求 \^99\.0\.0），外壳提供的是 /],
    ['ssr-throws', /服务端渲染 \/\S* 失败：release fixture: this release is broken/],
  ] as const)(
    'should refuse a release that is %s, and change nothing for visitors',
    async (mutate, reason) => {
      const bad = cloneRelease({ fromDist: dist('mf_desktop'), from: first, mutate });
      const shell = digest(path.join(repoRoot, 'shell', 'dist'));
      for (const [call, body] of [
        ['/api/activaterelease', { remote: 'mf_desktop', release: bad }],
        ['/api/canaryrelease', { remote: 'mf_desktop', release: bad, percent: 50 }],
      ] as const) {
        const message = refused(await adminCall(t, token, call, body), 1);
        expect(message).toContain(`不能启用版本 ${bad}`);
        expect(message).toMatch(reason);
      }
      expect((await servedRelease(t, 0)).release).toBe(first);
      // Each attempt is recorded, with who tried.
      for (const attempt of (await overview()).events.slice(0, 2)) {
        expect(attempt).toMatchObject({ action: 'refused', from: first, to: bad, actor: TEST_ADMIN.email });
        expect(attempt.detail).toMatch(reason);
      }
      const row = (await desktop()).releases.find((found) => found.release === bad)!;
      expect(row.state).toBe('kept');
      if (mutate !== 'ssr-throws') expect(row.problems.join('')).toMatch(reason);

      // The build command's path: current.json names it; the server refuses it and records why.
      writeCurrent(dist('mf_desktop'), bad);
      await tick();
      const refusal = (await overview()).events[0]!;
      expect(refusal).toMatchObject({ action: 'refused', from: first, to: bad, actor: '构建' });
      expect(refusal.detail).toMatch(reason);
      expect((await desktop()).active).toBe(first);
      expect((await servedRelease(t, 0)).release).toBe(first);
      expect(digest(path.join(repoRoot, 'shell', 'dist'))).toBe(shell);
    },
    60_000,
  );

  it('should refuse bad requests with a clear message', async () => {
    expect(
      refused(await adminCall(t, token, '/api/activaterelease', { remote: 'mf_desktop', release: 'nope' }), 1),
    ).toBe('不能启用版本 nope：没有找到版本 nope 的文件');
    expect(
      refused(await adminCall(t, token, '/api/activaterelease', { remote: 'mf_desktop', release: '../../etc' }), 1),
    ).toContain('无效');
    refused(await adminCall(t, token, '/api/activaterelease', { remote: 'mf_other', release: first }), 2);
    refused(await adminCall(t, token, '/api/canaryrelease', { remote: 'mf_desktop', release: first, percent: 100 }), 2);
    expect(
      refused(await adminCall(t, token, '/api/activaterelease', { remote: 'mf_desktop', release: first }), 1),
    ).toBe(`${first} 已经是当前版本`);
    expect(refused(await adminCall(t, token, '/api/promoterelease', { remote: 'mf_desktop' }), 1)).toBe(
      '没有正在灰度的版本',
    );
    refused(await t.http.post('/api/releases').send({}), 3);
  });
});

describe('switching', () => {
  it('should activate, roll back and canary from the back office without a restart, each recorded', async () => {
    const next = cloneRelease({ fromDist: dist('mf_desktop'), from: first });
    ok(await adminCall(t, token, '/api/activaterelease', { remote: 'mf_desktop', release: next }));
    expect((await servedRelease(t)).release).toBe(next);
    expect(await desktop()).toMatchObject({ active: next, previous: first, canary: null });

    ok(await adminCall(t, token, '/api/rollbackrelease', { remote: 'mf_desktop' }));
    expect((await servedRelease(t)).release).toBe(first);
    expect(await desktop()).toMatchObject({ active: first, previous: next });

    // A canary at 50 %: each bucket gets one release, and keeps it.
    ok(await adminCall(t, token, '/api/canaryrelease', { remote: 'mf_desktop', release: next, percent: 50 }));
    expect((await desktop()).canary).toMatchObject({ release: next, percent: 50 });
    for (let i = 0; i < 3; i++) {
      expect((await servedRelease(t, 49)).release).toBe(next);
      expect((await servedRelease(t, 50)).release).toBe(first);
    }
    // A new visitor is given a bucket, and keeps its release with it.
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const visit = await servedRelease(t);
      expect(visit.cookie).toMatch(new RegExp(`^${BUCKET}=\\d{1,2}; Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`));
      const bucket = Number(/=(\d+)/.exec(visit.cookie!)![1]);
      expect(visit.release).toBe(bucket < 50 ? next : first);
      const again = await servedRelease(t, bucket);
      expect(again).toEqual({ release: visit.release, cookie: null });
      const retry = await t.http.get('/api/frontend/remotes').set('cookie', `${BUCKET}=${bucket}`);
      expect(retry.body.data.remotes.mf_desktop.release).toBe(visit.release);
      seen.add(visit.release);
    }
    expect(seen).toEqual(new Set([first, next]));

    // A shared cache in front must not hand one visitor's release to another.
    expect((await t.http.get('/').set('cookie', `${BUCKET}=3`)).headers.vary).toMatch(/, Cookie$/);

    ok(await adminCall(t, token, '/api/promoterelease', { remote: 'mf_desktop' }));
    expect(await desktop()).toMatchObject({ active: next, previous: first, canary: null });
    expect((await servedRelease(t, 99)).release).toBe(next);
    expect((await t.http.get('/')).headers.vary).not.toContain('Cookie');

    const events = (await overview()).events.slice(0, 4).reverse();
    expect(events.map((event) => [event.action, event.from, event.to, event.actor])).toEqual([
      ['activate', first, next, TEST_ADMIN.email],
      ['rollback', next, first, TEST_ADMIN.email],
      ['canary', first, next, TEST_ADMIN.email],
      ['promote', first, next, TEST_ADMIN.email],
    ]);
    expect(events[2]!.percent).toBe(50);
    // Back to the first release for the next test.
    ok(await adminCall(t, token, '/api/rollbackrelease', { remote: 'mf_desktop' }));
  });

  it('should switch through the release command, and a second instance sees it within a second', async () => {
    const other = await createTestApp(env, { reuse: t });
    try {
      const next = cloneRelease({ fromDist: dist('mf_desktop'), from: first });
      const lines: string[] = [];
      const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
      const cli = (...argv: string[]) =>
        runReleaseCommand(
          argv,
          // The servers' database and media store (DATA_DIR holds the local store).
          { ...env, DATABASE_URL: t.databaseUrl, DATA_DIR: t.config.dataDir },
          { cwd: repoRoot, root: repoRoot },
          io,
        );

      expect(await servedRelease(other)).toMatchObject({ release: first });
      expect(await cli('activate', 'desktop', next)).toBe(0);
      // Each switch was committed before the command returned: the other instance serves it within a second.
      expect(await timeToServe(other, next)).toBeLessThan(1000);
      expect((await servedRelease(t)).release).toBe(next);

      expect(await cli('canary', 'mf-desktop', first, '30')).toBe(0);
      expect(await timeToServe(other, first, 10)).toBeLessThan(1000);
      expect(await cli('rollback', 'desktop')).toBe(0);
      expect(await timeToServe(other, next, 10)).toBeLessThan(1000);
      expect(await cli('rollback', 'desktop')).toBe(0);
      expect(await timeToServe(other, first, 10)).toBeLessThan(1000);

      lines.length = 0;
      expect(await cli('list')).toBe(0);
      expect(lines.join('\n')).toContain('桌面站 (mf_desktop)');
      expect(lines.join('\n')).toMatch(new RegExp(`当前\\s+${first}`));
      const actions = (await overview()).events.slice(0, 4).map((event) => [event.action, event.actor]);
      expect(actions.map(([action]) => action)).toEqual(['rollback', 'abandon', 'canary', 'activate']);
      for (const [, actor] of actions) expect(actor).toMatch(/^命令行（.+）$/);

      // Refusals and mistakes: exit 1 with the gate's reason, exit 2 with the usage.
      const bad = cloneRelease({ fromDist: dist('mf_desktop'), from: first, mutate: 'incompatible-react' });
      lines.length = 0;
      expect(await cli('activate', 'desktop', bad)).toBe(1);
      expect(lines.join('\n')).toContain('外壳提供的是');
      expect(await cli('canary', 'desktop', next, '0')).toBe(2);
      expect(await cli('activate', 'phone', next)).toBe(2);
      expect(await cli('launch')).toBe(2);
      expect(await cli('import')).toBe(2);
      expect((await servedRelease(other)).release).toBe(first);
    } finally {
      await other.close();
    }
  });
});

describe('a pointer written by hand', () => {
  it('should render in the browser the pages a release fails to render on the server, and count the failures', async () => {
    // Not a supported way to switch (it skips the smoke render), but the database is there to be written.
    const bad = cloneRelease({ fromDist: dist('mf_desktop'), from: first, mutate: 'ssr-throws' });
    await t.sql('UPDATE remote_release SET active = $1, previous = active WHERE remote = $2', [bad, 'mf_desktop']);
    try {
      await t.app.get(RemotesService).changed();
      for (let i = 0; i < 2; i++) {
        const res = await t.http.get('/about.html');
        expect(res.status).toBe(200);
        expect(res.text).not.toContain('id="site-state"');
        expect(res.text).toMatch(/<div id="root"><\/div>/);
        expect(res.text).toContain(`/remotes/mf_desktop/${bad}/mf-manifest.json`);
      }
      await tick();
      const row = (await desktop()).releases.find((found) => found.release === bad)!;
      expect(row.stats.ssrFailures).toBeGreaterThanOrEqual(2);
    } finally {
      await t.sql('UPDATE remote_release SET active = previous, previous = active WHERE remote = $1', ['mf_desktop']);
      await t.app.get(RemotesService).changed();
    }
    expect((await servedRelease(t)).release).toBe(first);
  });
});

describe('a CDN in front of the stored releases', () => {
  it('should hand browsers the files at their store keys below REMOTE_PUBLIC_BASE_URL', async () => {
    const cdn = await createTestApp(
      { ...env, REMOTE_PUBLIC_BASE_URL: 'https://cdn.yunfan.example.cn/site/' },
      { reuse: t },
    );
    try {
      const base = `https://cdn.yunfan.example.cn/site/releases/mf_desktop/${first}/web/`;
      const page = await cdn.http.get('/').set('user-agent', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130');
      expect(page.text).toContain(`data-release="${first}"`);
      expect(page.text).toContain(`${base}mf-manifest.json`);
      expect(page.text).not.toContain('/remotes/mf_desktop/');
      expect(page.headers['content-security-policy']).toMatch(/script-src [^;]*https:\/\/cdn\.yunfan\.example\.cn/);
      const pointer = await cdn.http.get('/api/frontend/remotes');
      expect(pointer.body.data.remotes.mf_desktop.entry).toBe(`${base}mf-manifest.json`);
      // The same keys hold the release's files in the store (here the local one, under DATA_DIR), as built.
      for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
        const stored = readFileSync(path.join(t.config.dataDir, 'releases', 'mf_desktop', first, 'web', file));
        expect(stored.equals(readFileSync(path.join(dist('mf_desktop'), 'releases', first, 'web', file)))).toBe(true);
      }
    } finally {
      await cdn.close();
    }
  });
});

describe('the canary’s error rate', () => {
  const VIEW = 'site_view';
  const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130';

  /** A visitor at `ip` (in `bucket`) opens the home page: the release served and the report token it came with. */
  async function visit(ip: string, bucket: number): Promise<{ release: string; token: string | null }> {
    const res = await t.http
      .get('/')
      .set('user-agent', DESKTOP_UA)
      .set('x-forwarded-for', ip)
      .set('cookie', `${BUCKET}=${bucket}`);
    expect(res.status).toBe(200);
    const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
    const line = cookies.find((found) => found.startsWith(`${VIEW}=`));
    if (line) expect(line).toMatch(/; Path=\/api\/frontend\/errors; .*SameSite=Strict; HttpOnly$/);
    return {
      release: /data-release="([^"]+)"/.exec(res.text)![1]!,
      token: line?.split(';')[0]!.slice(VIEW.length + 1) ?? null,
    };
  }

  function report(ip: string, release: string, viewToken: string | null, body: object = {}) {
    const req = t.http.post('/api/frontend/errors').set('x-forwarded-for', ip);
    if (viewToken !== null) req.set('cookie', `${VIEW}=${viewToken}`);
    return req.send({ remote: 'mf_desktop', release, kind: 'load', message: 'release fixture: broken', ...body });
  }
  const counted = async (res: ReturnType<typeof report>) => ok<{ counted: boolean }>(await res).counted;

  async function canaryRow(release: string) {
    await tick();
    return (await desktop()).releases.find((found) => found.release === release)!.stats;
  }

  it('should count a browser’s report only with its page’s token, once, for that release and visitor', async () => {
    const canary = cloneRelease({ fromDist: dist('mf_desktop'), from: first });
    ok(await adminCall(t, token, '/api/canaryrelease', { remote: 'mf_desktop', release: canary, percent: 50 }));
    try {
      const a = await visit('203.0.113.1', 0);
      expect(a.release).toBe(canary);
      expect(a.token).toMatch(/^mf_desktop\./);
      // The visitors of the release everyone else gets have tokens too (its counts are shown beside the canary's).
      const other = await visit('203.0.113.5', 99);
      expect(other.release).toBe(first);
      expect(other.token).toBeTruthy();

      expect(await counted(report('203.0.113.1', canary, null))).toBe(false);
      const forged = a.token!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
      expect(await counted(report('203.0.113.1', canary, forged))).toBe(false);
      expect(await counted(report('203.0.113.1', first, a.token))).toBe(false);
      expect(await counted(report('203.0.113.2', canary, a.token))).toBe(false);
      expect(await counted(report('203.0.113.1', canary, a.token))).toBe(true);
      expect(await counted(report('203.0.113.1', canary, a.token))).toBe(false);
      expect(await counted(report('203.0.113.5', first, other.token))).toBe(true);

      refused(await report('203.0.113.3', canary, a.token, { kind: 'boom' }), 2);
      refused(await report('203.0.113.3', canary, a.token, { message: 'x'.repeat(501) }), 2);
      refused(await report('203.0.113.3', canary, a.token, { remote: 'mf_nope' }), 2);
      // At most ten reports an address a minute, with tokens or without.
      const b = await visit('203.0.113.4', 0);
      for (let i = 0; i < 10; i++) await report('203.0.113.4', canary, null);
      expect(await counted(report('203.0.113.4', canary, b.token))).toBe(false);

      expect(await canaryRow(canary)).toMatchObject({ clientErrors: 1, visitors: 2, failedVisitors: 1 });
      expect((await canaryRow(first)).clientErrors).toBeGreaterThanOrEqual(1);
    } finally {
      ok(await adminCall(t, token, '/api/rollbackrelease', { remote: 'mf_desktop' }));
    }
  });

  it('should not let one client end a canary, nor keep a bad one alive, and roll it back on its visitors', async () => {
    const broken = cloneRelease({ fromDist: dist('mf_desktop'), from: first, mutate: 'browser-throws' });
    ok(await adminCall(t, token, '/api/canaryrelease', { remote: 'mf_desktop', release: broken, percent: 50 }));
    // One client: many pages (cache hits count too) and a report with every page's token, and some without.
    const attacker = '192.0.2.66';
    for (let i = 0; i < 60; i++) {
      const page = await visit(attacker, 0);
      expect(page.release).toBe(broken);
      if (i % 10 === 0) await report(attacker, broken, page.token);
      if (i % 10 === 5) await report(attacker, broken, null);
    }
    expect(await canaryRow(broken)).toMatchObject({ visitors: 1, failedVisitors: 1 });
    expect((await canaryRow(broken)).views).toBeGreaterThanOrEqual(60);
    expect((await desktop()).canary?.release).toBe(broken);

    // Real visitors from twenty networks, half of whom meet the failure; the client's further pages change nothing.
    for (let i = 0; i < 20; i++) {
      const page = await visit(`198.51.100.${i}`, 0);
      expect(page.release).toBe(broken);
      if (i % 2 === 0) expect(await counted(report(`198.51.100.${i}`, broken, page.token))).toBe(true);
      for (let j = 0; j < 5; j++) await visit(attacker, 0);
    }
    await tick();
    const remote = await desktop();
    expect(remote.canary).toBeNull();
    expect(remote.active).toBe(first);
    const event = (await overview()).events[0]!;
    expect(event).toMatchObject({ action: 'auto-rollback', from: broken, to: first, actor: '系统' });
    expect(event.detail).toMatch(
      /^错误率 52\.4%（21 位访客中 11 位遇到错误；\d+ 次访问，服务端渲染失败 0 次，浏览器错误 \d+ 次），超过 10%$/,
    );
    expect((await servedRelease(t, 0)).release).toBe(first);
  });

  it('should judge nothing before the minimum of pages and visitors, whatever the errors', async () => {
    const broken = cloneRelease({ fromDist: dist('mf_desktop'), from: first, mutate: 'browser-throws' });
    ok(await adminCall(t, token, '/api/canaryrelease', { remote: 'mf_desktop', release: broken, percent: 50 }));
    try {
      // Nineteen visitors, every one of them failing: one short of CANARY_MIN_VISITORS.
      for (let i = 0; i < 19; i++) {
        const page = await visit(`198.51.100.${100 + i}`, 0);
        expect(await counted(report(`198.51.100.${100 + i}`, broken, page.token))).toBe(true);
        await visit(`198.51.100.${100 + i}`, 0);
      }
      expect(await canaryRow(broken)).toMatchObject({ visitors: 19, failedVisitors: 19 });
      expect((await desktop()).canary?.release).toBe(broken);
    } finally {
      ok(await adminCall(t, token, '/api/rollbackrelease', { remote: 'mf_desktop' }));
    }
  });
});
