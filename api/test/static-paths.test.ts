import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The static mounts (/assets, /remotes, /uploads) asked with raw paths: requests are written as given, never
 * normalised by a client, so `../` and its encodings reach the server exactly as an attacker sends them.
 */
let t: TestApp;
let port: number;
const outside = `outside-${randomBytes(6).toString('hex')}.txt`;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
  // A file next to the uploads folder, which no /uploads/ address may reach.
  writeFileSync(path.join(t.config.dataDir, outside), 'not an upload');
});
afterAll(async () => {
  rmSync(path.join(t.config.dataDir, outside), { force: true });
  await t.close();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function raw(target: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: target, method: 'GET', agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const release = (remote: string) =>
  JSON.parse(readFileSync(path.join(repoRoot, remote, 'dist', 'current.json'), 'utf8')).release as string;

/** Every way of writing "one folder up" a traversal attempt is sent with. */
const UP = [
  '../',
  '..%2f',
  '..%2F',
  '%2e%2e/',
  '%2e%2e%2f',
  '%2E%2E%2F',
  '.%2e/',
  '%252e%252e/',
  '..%252f',
  '..\\',
  '..%5c',
];

function expectRefused(res: RawResponse): void {
  expect(res.status).toBe(404);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  expect(res.body).toBe('Not Found');
}

describe('raw traversal paths', () => {
  for (const [remote, name] of [
    ['mf-desktop', 'mf_desktop'],
    ['mf-mobile', 'mf_mobile'],
  ] as const) {
    it(`should never serve ${name}'s server build`, async () => {
      const id = release(remote);
      // The files exist: a traversal that worked would answer them.
      expect(existsSync(path.join(repoRoot, remote, 'dist', 'releases', id, 'server', 'remoteEntry.js'))).toBe(true);
      for (const up of UP) expectRefused(await raw(`/remotes/${name}/${id}/${up}server/remoteEntry.js`));
      expectRefused(await raw(`/remotes/${name}/${id}/x/../../server/remoteEntry.js`));
      expectRefused(await raw(`/remotes/${name}/${id}/./../server/remoteEntry.js`));
      expectRefused(await raw(`/remotes/${name}/${id}/..%2f..%2f..%2fcurrent.json`));
      expectRefused(await raw(`/remotes/${name}/${id}%2f..%2f${id}/server/remoteEntry.js`));
      expectRefused(await raw(`/remotes/${name}/..%2f${id}/server/remoteEntry.js`));
      expectRefused(await raw(`/remotes/${name}/${id}/remoteEntry.js%00.png`));
    });
  }

  it('should keep /uploads/ inside the uploads folder', async () => {
    expect(existsSync(path.join(t.config.dataDir, outside))).toBe(true);
    for (const up of UP) expectRefused(await raw(`/uploads/${up}${outside}`));
    expectRefused(await raw(`/uploads/seed/..%2f..%2f${outside}`));
    expectRefused(await raw(`/uploads/seed/v1/logo.svg%00.png`));
  });

  it('should keep /assets/ inside the shell build', async () => {
    expect(existsSync(path.join(t.config.frontend.shellDir, 'server', 'main.cjs'))).toBe(true);
    for (const up of UP) expectRefused(await raw(`/assets/${up}server/main.cjs`));
    for (const up of UP) expectRefused(await raw(`/assets/${up}index.html`));
  });
});

describe('legitimate static files', () => {
  it('should still serve release files with their cache headers', async () => {
    const base = `/remotes/mf_desktop/${release('mf-desktop')}`;
    const entry = await raw(`${base}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await raw(`${base}/mf-manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body).name).toBe('mf_desktop');
    // A harmless escape is decoded once, as any browser may send it.
    const encoded = await raw(`${base}/remoteEntry%2ejs`);
    expect(encoded.status).toBe(200);
    expect(encoded.body).toBe(entry.body);
  });

  it('should still serve the shell build with its cache headers', async () => {
    const favicon = await raw('/assets/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const script = /"(\/assets\/main\.[0-9a-f]{8}\.js)"/.exec((await raw('/')).body)![1]!;
    const res = await raw(script);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should still serve uploads immutable, unsniffed and sandboxed', async () => {
    const res = await raw('/uploads/seed/v1/logo.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('should answer a plain 404 for a missing file under every mount', async () => {
    expectRefused(await raw('/uploads/2020/01/00000000000000000000000000000000.png'));
    expectRefused(await raw('/assets/nothing.js'));
    expectRefused(await raw(`/remotes/mf_mobile/${release('mf-mobile')}/nothing.js`));
  });
});
