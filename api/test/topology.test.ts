import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloneRelease, currentRelease } from '../../e2e/support/release-fixtures.mjs';
import { loadConfig } from '../src/config/config.js';
import { S3MediaStore } from '../src/core/media/s3-media-store.js';
import { runReleaseCommand } from '../src/release-command.js';
import { md5 } from './support/admin-session.js';
import { photo, SAMPLE_IMAGES } from './support/images/sample-images.js';
import { startNginx, type TestNginx } from './support/nginx.js';
import { bucketName, startTestS3, type TestS3 } from './support/s3-server.js';
import { killLaunched, startServer, type ReadyServer } from './support/server-process.js';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app.js';
import { until } from './support/until.js';

/**
 * The reference deployment of docker-compose.cluster.yml without Docker (which does not run where the tests do):
 * two server processes with data folders of their own on one PostgreSQL, their media and the remote releases in one
 * S3 bucket (s3rver), and nginx in front with deploy/nginx.conf itself, only its addresses rewritten. What one
 * replica stores, the other and the proxy serve; a release stored from a third machine, both serve.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const DEPLOYED = readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');

let s3: TestS3;
let media: Record<string, string>;
let owner: TestApp;
let a: ReadyServer;
let b: ReadyServer;
let nginx: TestNginx;
const folders: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(process.env.TEST_ROOT ?? os.tmpdir(), 'replica-'));
  folders.push(dir);
  return dir;
};

/** deploy/nginx.conf with the replicas, the port and the cache folder of this machine (the lines marked "(test)"). */
function localConf(port: number, dir: string): string {
  const rewrites: Array<[string, string]> = [
    ['proxy_cache_path /var/cache/nginx/site ', `proxy_cache_path ${dir}/cache `],
    ['server app-1:3000 ', `server 127.0.0.1:${a.port} `],
    ['server app-2:3000 ', `server 127.0.0.1:${b.port} `],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ];
  let conf = DEPLOYED;
  for (const [from, to] of rewrites) {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf no longer has "${from}": update this test`);
    conf = conf.replace(from, to);
  }
  return conf;
}

beforeAll(async () => {
  s3 = await startTestS3();
  media = s3.env(bucketName('cluster'));
  // The database (migrated and seeded) comes from a test app; the two replicas are real processes on it.
  owner = await createTestApp({ ...media, DATA_DIR: dataDir() });
  const env = { DATABASE_URL: owner.databaseUrl, TRUST_PROXY: '1', ALLOWED_HOSTS: '127.0.0.1', ...media };
  [a, b] = await Promise.all([
    startServer({ ...env, DATA_DIR: dataDir() }),
    startServer({ ...env, DATA_DIR: dataDir() }),
  ]);
  nginx = await startNginx(localConf);
});

afterAll(async () => {
  nginx?.stop();
  killLaunched();
  await owner?.close();
  await s3?.close();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function token(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function uploadTo(base: string, bytes: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${base}/api/uploader`, {
    method: 'POST',
    headers: { token: await token(base) },
    body: form,
  });
  const body = (await res.json()) as { code: number; msg: string; data: { url: string } };
  expect({ code: body.code, msg: body.msg }).toEqual({ code: 0, msg: expect.any(String) });
  return body.data.url;
}

async function get(url: string, accept = '*/*') {
  const res = await fetch(url, { headers: { Accept: accept } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('two replicas on one database and one bucket, behind deploy/nginx.conf', () => {
  it('should serve an upload made through one replica from the other and through the proxy', async () => {
    const url = await uploadTo(a.base, SAMPLE_IMAGES.png, 'logo.png', 'image/png');
    const fromA = await get(a.base + url);
    expect(fromA.status).toBe(200);
    const fromB = await get(b.base + url);
    expect(fromB.status).toBe(200);
    expect(Buffer.compare(fromB.bytes, fromA.bytes)).toBe(0);

    const first = await get(nginx.base + url);
    const second = await get(nginx.base + url);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(Buffer.compare(second.bytes, fromA.bytes)).toBe(0);
    // Kept by the proxy (immutable for a year).
    expect(second.headers.get('x-cache-status')).toBe('HIT');
  });

  it('should serve the image variants of an upload made through the proxy from either replica', async () => {
    const url = await uploadTo(nginx.base, await photo(), 'photo.jpg', 'image/jpeg');
    const avif = 'image/avif,image/webp,*/*';
    const viaB = await get(`${b.base}${url}?w=320`, avif);
    expect(viaB.status).toBe(200);
    expect(viaB.headers.get('content-type')).toBe('image/avif');
    const viaA = await get(`${a.base}${url}?w=320`, avif);
    expect(Buffer.compare(viaA.bytes, viaB.bytes)).toBe(0);
    const viaProxy = await get(`${nginx.base}${url}?w=320`, avif);
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.headers.get('content-type')).toBe('image/avif');
    // The drawn demo images are in the bucket for both replicas.
    for (const base of [a.base, b.base, nginx.base])
      expect((await get(`${base}/uploads/seed/v1/banner-1.svg`)).status).toBe(200);
  });

  it('should keep the public reads in the proxy cache, and pass on whatever carries a token', async () => {
    const read = `${nginx.base}/api/index`;
    await get(read);
    expect((await get(read)).headers.get('x-cache-status')).toBe('HIT');
    const signedIn = await token(nginx.base);
    const withToken = await fetch(read, { headers: { token: signedIn } });
    expect(withToken.headers.get('x-cache-status')).toBe('BYPASS');
    const admin = await fetch(`${nginx.base}/api/getheader`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', token: signedIn },
      body: '{}',
    });
    expect(((await admin.json()) as { code: number }).code).toBe(0);
  });
});

describe('a remote release shipped from another machine', () => {
  const BUCKET = 'site_bucket';
  const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130';
  const built = path.join(repoRoot, 'mf-desktop', 'dist');
  /** The build folder of the machine that ships (a CI runner, a developer's laptop): neither replica's. */
  let ciDist: string;
  let ciData: string;
  let original: string;

  /** `npm run release -- …` on that machine, against the cluster's database and store; its exit code and output. */
  async function release(...argv: string[]): Promise<{ code: number; out: string }> {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const env = { ...media, DATABASE_URL: owner.databaseUrl, DATA_DIR: ciData, REMOTE_MF_DESKTOP_DIR: ciDist };
    const code = await runReleaseCommand(argv, env, { cwd: repoRoot, root: repoRoot }, io);
    return { code, out: lines.join('\n') };
  }

  async function call(base: string, path: string, body: object): Promise<{ code: number; msg: string }> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', token: await token(base) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string };
  }

  /** The desktop release a visitor (by bucket cookie) gets in the home page from `base`, and any bucket it was given. */
  async function served(base: string, bucket?: number): Promise<{ release: string; bucket: number | null }> {
    const headers: Record<string, string> = { 'User-Agent': DESKTOP_UA };
    if (bucket !== undefined) headers.Cookie = `${BUCKET}=${bucket}`;
    const res = await fetch(`${base}/`, { headers });
    const html = await res.text();
    expect(res.status).toBe(200);
    const release = /data-release="([^"]+)"/.exec(html)?.[1] ?? '';
    // The browser is handed the release the server rendered with.
    expect(html).toContain(`/remotes/mf_desktop/${release}/mf-manifest.json`);
    const given = /site_bucket=(\d+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
    return { release, bucket: given === undefined ? null : Number(given) };
  }

  /** How long `base` took to serve `release` to a visitor of `bucket` (asked every 20 ms, at most 5 s). */
  async function timeToServe(base: string, release: string, bucket: number): Promise<number> {
    const from = Date.now();
    while (Date.now() - from < 5000) {
      if ((await served(base, bucket)).release === release) return Date.now() - from;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return Infinity;
  }

  beforeAll(async () => {
    const ci = mkdtempSync(path.join(process.env.TEST_ROOT ?? os.tmpdir(), 'ci-'));
    folders.push(ci);
    ciDist = path.join(ci, 'mf-desktop', 'dist');
    mkdirSync(path.join(ciDist, 'releases'), { recursive: true });
    ciData = path.join(ci, 'data');
    original = currentRelease(built);
    // The replicas' first rounds take in (store and switch on) the releases their own build named.
    await until(async () => {
      const rows = await owner.sql<{ active: string | null }>(
        "SELECT active FROM remote_release WHERE remote = 'mf_desktop' AND imported = active",
      );
      return rows[0]?.active === original;
    }, 'the replicas to take in their build');
  });

  it('should serve it from both replicas and the proxy with one bucket split, and a rollback within a second', async () => {
    const next = cloneRelease({ fromDist: built, toDist: ciDist, from: original });
    const imported = await release('import', 'desktop', next);
    expect(imported).toMatchObject({ code: 0, out: expect.stringContaining(`release ${next}`) });
    expect(imported.out).toContain('stored in s3://');

    // A canary switched on through replica A (whose gate reads the release from the store, as A lacks it too).
    expect(
      await call(a.base, '/api/canaryrelease', { remote: 'mf_desktop', release: next, percent: 50 }),
    ).toMatchObject({ code: 0 });
    // B hears of it from the database and copies the release from the store.
    expect(await timeToServe(b.base, next, 0)).toBeLessThan(5000);
    for (const base of [a.base, b.base, nginx.base]) {
      for (const bucket of [0, 25, 49, 50, 75, 99]) {
        expect({ base, bucket, release: (await served(base, bucket)).release }).toEqual({
          base,
          bucket,
          release: bucket < 50 ? next : original,
        });
      }
      // Its files, as stored, whichever server or the proxy is asked.
      const entry = await get(`${base}/remotes/mf_desktop/${next}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      const file = path.join(ciDist, 'releases', next, 'web', 'remoteEntry.js');
      expect(Buffer.compare(entry.bytes, readFileSync(file))).toBe(0);
    }
    // A new visitor is given a bucket by one replica and gets the same release from the other.
    for (let i = 0; i < 12; i++) {
      const first = await served(i % 2 ? a.base : b.base);
      expect(first.bucket).not.toBeNull();
      expect(first.release).toBe(first.bucket! < 50 ? next : original);
      expect((await served(i % 2 ? b.base : a.base, first.bucket!)).release).toBe(first.release);
    }

    // Rolled back through B: A serves the active release again within a second.
    expect(await call(b.base, '/api/rollbackrelease', { remote: 'mf_desktop' })).toMatchObject({ code: 0 });
    expect(await timeToServe(a.base, original, 0)).toBeLessThan(1000);
    expect((await served(b.base, 0)).release).toBe(original);
  });

  it('should refuse a release whose file in the store does not match its manifest, on a replica that lacks it', async () => {
    const bad = cloneRelease({ fromDist: built, toDist: ciDist, from: original });
    expect(await release('import', 'desktop', bad)).toMatchObject({ code: 0 });
    // Someone (or a fault) changes one of its objects in the bucket.
    const store = new S3MediaStore(loadConfig(media).media.s3!);
    const key = `releases/mf_desktop/${bad}/web/remoteEntry.js`;
    await store.put(key, Buffer.concat([(await store.readBytes(key))!, Buffer.from('\n;alert(1)')]));
    await store.close();

    // B has no copy: it refuses the release, serves none of its files, and says why in its log.
    for (const file of ['remoteEntry.js', 'mf-manifest.json']) {
      expect((await get(`${b.base}/remotes/mf_desktop/${bad}/${file}`)).status).toBe(404);
    }
    expect(b.output()).toContain(
      `Release mf_desktop@${bad}: web/remoteEntry.js in s3://${media.S3_BUCKET} at ${s3.endpoint} does not match its manifest`,
    );
    // Its gate refuses to switch it on, naming the file.
    const refused = await call(b.base, '/api/canaryrelease', { remote: 'mf_desktop', release: bad, percent: 50 });
    expect(refused.code).toBe(1);
    expect(refused.msg).toContain('文件 web/remoteEntry.js 与它的清单不符');

    // A pointer written by hand does not make either replica serve it.
    await owner.sql("UPDATE remote_release SET canary = $1, canary_percent = 50 WHERE remote = 'mf_desktop'", [bad]);
    try {
      const notice = `Remote mf_desktop: canary ${bad} cannot be served here`;
      await until(() => a.output().includes(notice) && b.output().includes(notice), 'both replicas to refuse', 10_000);
      for (const base of [a.base, b.base]) expect((await served(base, 0)).release).toBe(original);
      expect((await get(`${a.base}/remotes/mf_desktop/${bad}/remoteEntry.js`)).status).toBe(404);
    } finally {
      await owner.sql(
        "UPDATE remote_release SET canary = NULL, canary_percent = 0, canary_since = NULL WHERE remote = 'mf_desktop'",
      );
    }

    // Importing it again from its build mends the store: B then copies and serves it (after its 10 s pause).
    expect(await release('import', 'desktop', bad)).toMatchObject({
      code: 0,
      out: expect.stringContaining('stored again'),
    });
    const asBuilt = readFileSync(path.join(ciDist, 'releases', bad, 'web', 'remoteEntry.js'));
    await until(
      async () => (await get(`${b.base}/remotes/mf_desktop/${bad}/remoteEntry.js`)).status === 200,
      'B to copy the mended release',
      30_000,
    );
    expect((await get(`${b.base}/remotes/mf_desktop/${bad}/remoteEntry.js`)).bytes.equals(asBuilt)).toBe(true);
  });
});
