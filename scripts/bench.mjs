#!/usr/bin/env node
// `npm run bench`: figures, not pass/fail. Starts the production server on a fresh database, then prints
//   1. gzip bytes of the JavaScript loaded for the first view of /, /move/index.html and /admin/ (Chromium);
//   2. requests/second and p99 latency of GET /api/index and POST /api/itemmore (autocannon, 50 connections, 10 s).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumSettings = JSON.parse(readFileSync(path.join(root, 'e2e', 'chromium.json'), 'utf8'));

async function startServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-bench-'));
  chmodSync(dataDir, 0o755);
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-2026',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['api/dist/src/main.js'], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'log' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (c) => (output += c));
  server.stderr.on('data', (c) => (output += c));
  const port = await new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const ready = /Ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(output);
      if (ready) resolve(Number(ready[1]));
      else if (server.exitCode !== null) reject(new Error(output));
      if (ready || server.exitCode !== null) clearInterval(timer);
    }, 100);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function javascriptBytes(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? chromiumSettings.path,
    args: chromiumSettings.args,
  });
  const rows = [];
  for (const [route, userAgent] of [
    ['/', undefined],
    ['/move/index.html', chromiumSettings.mobileUserAgent],
    ['/admin/', undefined],
  ]) {
    const context = await browser.newContext(userAgent ? { userAgent } : {});
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(
          response
            .body()
            .then((body) => gzipSync(body).length)
            .catch(() => 0),
        );
    });
    await page.goto(base + route, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts);
    rows.push({
      page: route,
      scripts: sizes.length,
      'JS gzip KiB': +(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1),
    });
    await context.close();
  }
  await browser.close();
  return rows;
}

function load(url, options = {}) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: 50, duration: 10, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

const server = await startServer();
try {
  console.log('\nJavaScript for the first view (gzip -6 of each script body)');
  console.table(await javascriptBytes(server.base));

  const rows = [];
  for (const [name, url, options] of [
    ['GET /api/index', `${server.base}/api/index`, {}],
    [
      'POST /api/itemmore',
      `${server.base}/api/itemmore`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ menu: 3, amount: 3, type: 1, page: 4 }),
      },
    ],
  ]) {
    const result = await load(url, options);
    rows.push({
      call: name,
      'req/s': Math.round(result.requests.average),
      'p99 ms': result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    });
  }
  console.log('\nAPI under load (autocannon: 50 connections, 10 s)');
  console.table(rows);
} finally {
  await server.stop();
}
