import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { md5 } from './support/admin-session.js';
import { photo, SAMPLE_IMAGES } from './support/images/sample-images.js';
import { startNginx, type TestNginx } from './support/nginx.js';
import { bucketName, startTestS3, type TestS3 } from './support/s3-server.js';
import { killLaunched, startServer, type ReadyServer } from './support/server-process.js';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app.js';

/**
 * The reference deployment of docker-compose.cluster.yml without Docker (which does not run where the tests do):
 * two server processes with data folders of their own on one PostgreSQL, their media in one S3 bucket (s3rver),
 * and nginx in front with deploy/nginx.conf itself, only its addresses rewritten. What one replica stores, the
 * other and the proxy serve.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const DEPLOYED = readFileSync(path.join(repoRoot, 'deploy', 'nginx.conf'), 'utf8');

let s3: TestS3;
let owner: TestApp;
let a: ReadyServer;
let b: ReadyServer;
let nginx: TestNginx;
const folders: string[] = [];

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
  const media = s3.env(bucketName('cluster'));
  const dataDir = () => {
    const dir = mkdtempSync(path.join(process.env.TEST_ROOT ?? os.tmpdir(), 'replica-'));
    folders.push(dir);
    return dir;
  };
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
