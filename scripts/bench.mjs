#!/usr/bin/env node
// `npm run bench`: figures, not pass/fail. Starts the production server on a fresh database, then prints
//   1. `js`: bytes on the wire of the JavaScript loaded for the first view of each public page (/, /about.html,
//      /items/3.html, an article, /move/index.html, /move/case.html, /move/us.html) on a phone and a computer, and
//      of the back office's login (Chromium); then the same for a page view in the visitor-experience sample;
//   2. `cache`: public answers and pages, cached and with CACHE=false, side by side with nginx serving the same
//      bytes (wrk; see bench-cache.mjs), the uncached render at one connection, and memory under random queries;
//   3. `lighthouse`: performance (score, FCP, LCP, TBT, CLS, JavaScript transferred) and the SEO score on phones and desktops for the
//      same public pages, the median of `BENCH_RUNS` (3) runs each, after one warming visit of every page, in the
//      server's default hydration mode (`BENCH_HYDRATION=idle,demand` compares both);
//   4. `media`: the back office's media library with 10,000 pictures and 2,000 articles: the first page, each
//      filter, a search and the last page (bench-media.mjs);
//   5. `taps`: how soon a page answers a tap made before its code arrived, on a 4× slower CPU (the browser tests of
//      e2e/tests/ssr/first-view.spec.ts, run `BENCH_TAP_RUNS` (5) times; target: 300 ms);
//   6. `first-tap`: every control of the same public pages that is not a link or a field, tapped 0.8 s and 3.1 s after
//      `load` on a 4× slower CPU and a phone network, each in a fresh context: the longest Event Timing entry (what
//      INP is made of) and the time to its visible answer, with a summary beside the targets (bench-first-tap.mjs;
//      about 10 minutes). `npm run bench -- first-tap lighthouse` adds Lighthouse's figures for the same pages;
//   7. `cache-hit`: the nanoseconds one hit of the published-content cache takes, without a server
//      (bench-cache-hit.mjs, which also compares two builds of the cache);
//   8. `audit`: the back office's audit trail with 100,000 records of 20 people: one person's first and last page,
//      everybody's first and a deep page, one operation (bench-audit.mjs; target 100 ms by person);
//   9. `render`: the uncached page render on one core (CACHE=false, WORKERS=1), the public pages in turn and each
//      alone, beside nginx and bare Node sending the same bytes (bench-render.mjs; target 300 pages/s, p99 100 ms);
//  10. `scale`: the site ten years on (100,000 articles, 20,000 cases, 100,000 leads, 20,000 media rows): every
//      public read and page, search, the deepest list steps and the back office's lists, uncached, p95 beside the
//      goals, then the streamed exports, sitemaps, backup and restore (bench-scale.mjs).
// `npm run bench -- cache` (or `js`, `lighthouse`, `media`, `taps`, `first-tap`, `cache-hit`, `audit`, `render`, `scale`, several) runs only those parts. `npm run bench -- --soak`
// runs only the 10-minute soak of mixed public reads (bench-soak.mjs), which the default run leaves out. The cache part
// needs wrk and nginx (`apt-get install -y wrk nginx-light`).
// Install a CJK font first (`apt-get install -y fonts-wqy-microhei`): without one, Chinese text layout costs
// about half a second more than on a phone and the figures mislead.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { auditBench } from './bench-audit.mjs';
import { cacheBench } from './bench-cache.mjs';
import { cacheHitBench } from './bench-cache-hit.mjs';
import { firstTapBench } from './bench-first-tap.mjs';
import { mediaBench } from './bench-media.mjs';
import { renderBench } from './bench-render.mjs';
import { scaleBench } from './bench-scale.mjs';
import { soakBench } from './bench-soak.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromiumSettings = JSON.parse(readFileSync(path.join(root, 'e2e', 'chromium.json'), 'utf8'));

/** The administrator of every bench server (the default e-mail). */
const BENCH_ADMIN = { email: 'admin@yunfan.example.com', password: 'bench-admin-2026' };

async function startServer(extraEnv = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-bench-'));
  chmodSync(dataDir, 0o755);
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // Figures of the same page every run: the visitor-experience reporter only where a part asks for it.
    VITALS_SAMPLE_PERCENT: '0',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['api/dist/src/main.js'], {
    cwd: root,
    env: { WORKERS: '1', ...env, LOG_LEVEL: 'log' },
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
    pid: server.pid,
    dataDir,
    output: () => output,
    adminEmail: BENCH_ADMIN.email,
    adminPassword: BENCH_ADMIN.password,
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The public pages the first-view figures are taken for (an article's address is found on the running site). */
async function publicPages(base) {
  const news = await (await fetch(`${base}/api/itemnews`)).json();
  const newsId = news.data.newcontent[0].id;
  return [
    '/',
    '/about.html',
    '/items/3.html',
    `/news/${newsId}.html`,
    '/move/index.html',
    '/move/case.html',
    '/move/us.html',
  ];
}

/**
 * JavaScript of each first view as it comes over the wire (the encoded bytes Chromium received, brotli from this
 * server), for every public page on a phone and a computer, and for the back office's login.
 */
async function javascriptBytes(base) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? chromiumSettings.path,
    args: chromiumSettings.args,
  });
  const views = [];
  for (const route of await publicPages(base)) {
    views.push([route, 'phone', chromiumSettings.mobileUserAgent], [route, 'computer', undefined]);
  }
  views.push(['/admin/', 'computer', undefined]);
  const rows = [];
  for (const [route, device, userAgent] of views) {
    const context = await browser.newContext(userAgent ? { userAgent } : {});
    const page = await context.newPage();
    const scripts = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        scripts.push(
          request
            .sizes()
            .then((sizes) => sizes.responseBodySize)
            .catch(() => 0),
        );
    });
    await page.goto(base + route, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts);
    rows.push({
      page: route,
      device,
      landed: new URL(page.url()).pathname,
      scripts: sizes.length,
      'JS KiB on the wire': +(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1),
    });
    await context.close();
  }
  await browser.close();
  return rows;
}

/** One Lighthouse run (performance and SEO) in Debian's Chromium, with a fresh profile; retried when the trace fails. */
function lighthouse(url, form, attempts = 3) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-lh-'));
  try {
    const output = path.join(dir, 'report.json');
    const flags = [...chromiumSettings.args, `--user-data-dir=${path.join(dir, 'profile')}`].join(' ');
    const result = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
        url,
        '--quiet',
        '--only-categories=performance,seo',
        '--output=json',
        `--output-path=${output}`,
        `--chrome-flags=${flags}`,
        ...(form === 'desktop' ? ['--preset=desktop'] : []),
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? chromiumSettings.path }, encoding: 'utf8' },
    );
    if (result.status !== 0 || !existsSync(output))
      throw new Error(result.stderr || `lighthouse exited ${result.status}`);
    const report = JSON.parse(readFileSync(output, 'utf8'));
    // Lighthouse sometimes loses the page's trace (NO_NAVSTART): that run measured nothing, so run it again.
    if (report.runtimeError && attempts > 1) return lighthouse(url, form, attempts - 1);
    if (report.runtimeError) throw new Error(report.runtimeError.message);
    const audit = (id) => report.audits[id]?.numericValue ?? NaN;
    const scripts = report.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
    return {
      score: Math.round((report.categories.performance.score ?? 0) * 100),
      SEO: Math.round((report.categories.seo?.score ?? 0) * 100),
      'FCP ms': Math.round(audit('first-contentful-paint')),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      'TBT ms': Math.round(audit('total-blocking-time')),
      CLS: +audit('cumulative-layout-shift').toFixed(3),
      'JS KiB': +((scripts?.transferSize ?? 0) / 1024).toFixed(1),
      'JS req': scripts?.requestCount ?? 0,
      landed: new URL(report.finalDisplayedUrl).pathname,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Visits every page once as a phone and as a computer before anything is measured, so the figures are those of
 * a site in use: image variants made, published pages cached. The server makes only a few variants at a time for
 * one client and sends the original for the rest, so the variants each page chose are then asked for one by one.
 */
async function warmUp(base, pages) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? chromiumSettings.path,
    args: chromiumSettings.args,
  });
  try {
    for (const form of [
      {
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        userAgent: chromiumSettings.mobileUserAgent,
      },
      { viewport: { width: 1350, height: 940 } },
    ]) {
      const context = await browser.newContext(form);
      const page = await context.newPage();
      for (const route of pages) {
        await page.goto(base + route, { waitUntil: 'networkidle' });
        // Lazy pictures below the fold too: each then picks its width from its srcset.
        await page.$$eval('img[loading=lazy]', (images) => images.forEach((image) => (image.loading = 'eager')));
        await page.waitForFunction(() => [...globalThis.document.images].every((image) => image.complete));
        // Every width up to 960 px a browser may pick (Lighthouse's screen is not this one), and the one picked here:
        // a variant not made yet is answered with the original, which for a demo drawing is an SVG the page then
        // draws on its main thread.
        const variants = await page.$$eval('img', (images) =>
          images.flatMap((image) => [
            image.currentSrc,
            ...image.srcset
              .split(',')
              .map((candidate) => candidate.trim().split(/\s+/))
              .filter(([, width]) => Number.parseInt(width, 10) <= 960)
              .map(([url]) => new URL(url, globalThis.location.href).href),
          ]),
        );
        for (const url of new Set(variants.filter((src) => src.includes('?w=')))) {
          await fetch(url, { headers: { Accept: 'image/avif,image/webp,*/*' } }).then((res) => res.arrayBuffer());
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * The median of `BENCH_RUNS` (default 3) Lighthouse runs of every page, phone and desktop, for each hydration
 * mode asked for (`BENCH_HYDRATION=demand` by default, the server's default; `idle,demand` to compare).
 */
async function lighthouseTable() {
  const modes = (process.env.BENCH_HYDRATION ?? 'demand').split(',');
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const rows = [];
  for (const hydration of modes) {
    const server = await startServer({ HYDRATION: hydration });
    try {
      const pages = await publicPages(server.base);
      await warmUp(server.base, pages);
      for (const form of ['mobile', 'desktop']) {
        for (const page of pages) {
          const results = [];
          let error;
          for (let run = 0; run < runs; run += 1) {
            try {
              results.push(lighthouse(server.base + page, form));
            } catch (caught) {
              error = String(caught.message ?? caught).slice(0, 120);
            }
          }
          if (results.length === 0) {
            rows.push({ hydration, form, page, error });
            continue;
          }
          const row = { hydration, form, page, runs: results.length };
          for (const key of ['score', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS KiB', 'JS req']) {
            row[key] = median(results.map((result) => result[key]));
          }
          row['score min'] = Math.min(...results.map((result) => result.score));
          row.landed = results[0].landed;
          rows.push(row);
        }
      }
    } finally {
      await server.stop();
    }
  }
  return rows;
}

/**
 * The `[first tap] <what>: … <n> ms …` lines the first-view browser tests print, from `BENCH_TAP_RUNS` runs of them:
 * the median, fastest and slowest of each, beside the 300 ms a tap's answer should take at most.
 */
function tapTable() {
  const runs = Number(process.env.BENCH_TAP_RUNS ?? 5);
  const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');
  const args = ['test', '-c', 'e2e/playwright.config.ts', '--project', 'timing', '--no-deps'];
  const result = spawnSync(process.execPath, [cli, ...args, '--repeat-each', String(runs), '--reporter', 'line'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, E2E_WORKERS: '1' },
  });
  const figures = new Map();
  for (const [, what, ms] of `${result.stdout}`.matchAll(/\[first tap\] ([^:]+): \D*?(-?\d+) ms/g)) {
    figures.set(what, [...(figures.get(what) ?? []), Number(ms)]);
  }
  if (result.status !== 0) console.log(`(the tests failed: ${result.stdout.slice(-2000)})`);
  return [...figures].map(([what, values]) => ({
    tap: what,
    runs: values.length,
    'median ms': median(values),
    'min ms': Math.min(...values),
    'max ms': Math.max(...values),
    'target ms': what.includes('banner') ? 'on time' : 300,
  }));
}

const SECTIONS = ['js', 'cache', 'lighthouse', 'media', 'taps', 'first-tap', 'cache-hit', 'audit', 'render', 'scale'];
const soak = process.argv.includes('--soak');
const chosen = process.argv.slice(2).filter((arg) => SECTIONS.includes(arg));
const run = (section) => !soak && (chosen.length === 0 || chosen.includes(section));

if (soak) await soakBench(startServer, chromiumSettings.mobileUserAgent);

if (run('js')) {
  // A page view outside the visitor-experience sample, then one inside it (it adds the reporter at idle).
  for (const [percent, what] of [
    ['0', ''],
    ['100', ', in the visitor-experience sample'],
  ]) {
    const server = await startServer({ VITALS_SAMPLE_PERCENT: percent });
    try {
      console.log(`\nJavaScript for the first view${what} (bytes received, as encoded on the wire)`);
      console.table(await javascriptBytes(server.base));
    } finally {
      await server.stop();
    }
  }
}

if (run('cache')) await cacheBench(startServer, chromiumSettings.mobileUserAgent);

if (run('lighthouse')) {
  console.log('\nLighthouse performance, medians (simulated throttling; a phone is redirected from / to /move/)');
  console.table(await lighthouseTable());
}

if (run('media')) await mediaBench(startServer);

if (run('taps')) {
  console.log('\nA tap before the page has its code, on a 4× slower CPU: ms from the tap to its visible answer');
  console.table(tapTable());
}

if (run('first-tap')) await firstTapBench({ startServer, publicPages, chromiumSettings });

if (run('cache-hit')) cacheHitBench();

if (run('audit')) await auditBench(startServer);
if (run('scale')) await scaleBench(startServer);

if (run('render')) await renderBench(startServer);
