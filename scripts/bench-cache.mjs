// The published-content cache side by side with nginx serving the same bytes, in one run on this machine
// (absolute figures drift on a shared machine; the ratio to nginx is the figure to read). Part of `npm run bench`.
//
// For each target: requests/second and p99 latency (wrk, 2 threads, 50 connections) of nginx with one worker, the
// server with its cache (one process), and the server with CACHE=false, the ratio of each to nginx, and the median
// of several rounds; the cache is also compared with a bare Node.js server sending the same bytes (one Node
// process's ceiling), and WORKERS=2 with nginx running two workers; then the
// median latency of an uncached page at one connection, and the server's resident memory before and after
// 10,000 requests with random query strings.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export function need(command, install) {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0) {
    throw new Error(`${command} is missing: install it (${install}) and run the bench again`);
  }
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * wrk against one URL: requests/second, p50 and p99 in ms. `target.lua`: Lua appended to the request's script (a
 * `request()` function that varies the request, for one).
 */
export function wrk(url, target, { connections = 50, seconds = SECONDS } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-wrk-'));
  const script = path.join(dir, 'request.lua');
  const headers = {
    ...(target.body ? { 'Content-Type': 'application/json' } : {}),
    ...(target.ua ? { 'User-Agent': target.ua } : {}),
    ...target.headers,
  };
  writeFileSync(
    script,
    [
      `wrk.method = "${target.body ? 'POST' : 'GET'}"`,
      ...(target.body ? [`wrk.body = ${JSON.stringify(target.body)}`] : []),
      ...Object.entries(headers).map(([name, value]) => `wrk.headers["${name}"] = ${JSON.stringify(value)}`),
      ...(target.lua ? [target.lua] : []),
    ].join('\n'),
  );
  const threads = Math.min(2, connections);
  const run = spawnSync('wrk', [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, url], {
    encoding: 'utf8',
  });
  rmSync(dir, { recursive: true, force: true });
  const out = run.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const unit = { us: 0.001, ms: 1, s: 1000 };
  const latency = (label) => {
    const found = new RegExp(`\\s${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return found ? Number(found[1]) * unit[found[2]] : NaN;
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1];
  return { rps, p50: latency('50'), p99: latency('99'), non2xx: Number(errors ?? 0) };
}

/** nginx on a free loopback port answering each target's path with the bytes the server answered it with. */
export async function startNginx(files, workers) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-nginx-'));
  const port = await freePort();
  mkdirSync(path.join(dir, 'root'));
  // One location per path: a read's GET form (its query is not part of a location) and POST form answer alike.
  const byPath = new Map(files.map((entry) => [entry.route.split('?')[0], entry]));
  const locations = [...byPath]
    .map(([route, { file, type }], index) => {
      writeFileSync(path.join(dir, 'root', `${index}`), file);
      // nginx answers POST to a static file with 405; error_page turns that into the file.
      return `location = ${route} { default_type "${type}"; error_page 405 =200 $uri; try_files /${index} =404; }`;
    })
    .join('\n    ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/root;
    ${locations}
  }
}
`,
  );
  const started = spawnSync('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`nginx did not start: ${started.stderr}`);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      spawnSync('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir, '-s', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A bare Node.js HTTP server answering each target with the same bytes and headers as the cached server, and
 * nothing else: the most one Node process can do here, so the cache's own cost is its distance from this.
 */
export async function startBareNode(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-bare-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'answers.json'),
    JSON.stringify(files.map(({ route, file, headers }) => ({ route, headers, body: file.toString('base64') }))),
  );
  const script = `
    const http = require('node:http');
    const { randomUUID } = require('node:crypto');
    const answers = new Map(require(${JSON.stringify(path.join(dir, 'answers.json'))})
      .map(({ route, headers, body }) => [route, { headers, body: Buffer.from(body, 'base64') }]));
    http.createServer((req, res) => {
      const answer = answers.get(req.url);
      if (!answer) { res.writeHead(404); res.end(); return; }
      const send = () => {
        res.writeHead(200, { ...answer.headers, 'x-request-id': randomUUID(), 'content-length': answer.body.length });
        res.end(answer.body);
      };
      if (req.method === 'POST') { req.resume(); req.on('end', send); } else send();
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', () => reject(new Error('the bare Node server did not start')));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function residentKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

/** Runs the cache comparison with servers from `startServer(env)` (which answer `{ base, pid, stop }`). */
export async function cacheBench(startServer, mobileUserAgent) {
  need('wrk', 'apt-get install -y wrk');
  need('nginx', 'apt-get install -y nginx-light');
  const cached = await startServer({});
  const plain = await startServer({ CACHE: 'false' });
  const multi = await startServer({ WORKERS: '2' });
  let nginx = null;
  let nginx2 = null;
  let bare = null;
  try {
    const news = await (await fetch(`${cached.base}/api/itemnews`)).json();
    const newsId = news.data.newcontent[0].id;
    const targets = [
      { name: 'GET /api/index', route: '/api/index' },
      { name: 'GET /api/itemmore?…', route: '/api/itemmore?amount=3&menu=3&page=4&type=1' },
      {
        name: 'POST /api/itemmore',
        route: '/api/itemmore',
        body: JSON.stringify({ menu: 3, amount: 3, type: 1, page: 4 }),
      },
      { name: 'GET / (desktop)', route: '/' },
      { name: 'GET /move/index.html (phone)', route: '/move/index.html', ua: mobileUserAgent },
      { name: `GET /news/${newsId}.html`, route: `/news/${newsId}.html` },
      { name: 'GET /about.html', route: '/about.html' },
    ];
    // The same bytes for nginx to serve (identity: no side compresses in this comparison).
    const files = [];
    for (const target of targets) {
      const res = await fetch(cached.base + target.route, {
        method: target.body ? 'POST' : 'GET',
        headers: {
          ...(target.body ? { 'content-type': 'application/json' } : {}),
          ...(target.ua ? { 'user-agent': target.ua } : {}),
        },
        body: target.body,
      });
      const headers = Object.fromEntries(
        [...res.headers].filter(
          ([name]) => !['content-length', 'date', 'x-request-id', 'connection', 'keep-alive'].includes(name),
        ),
      );
      files.push({
        route: target.route,
        type: res.headers.get('content-type'),
        headers,
        file: Buffer.from(await res.arrayBuffer()),
      });
    }
    nginx = await startNginx(files, 1);
    nginx2 = await startNginx(files, 2);
    bare = await startBareNode(files);

    const rows = [];
    for (const target of targets) {
      const runs = { nginx: [], nginx2: [], bare: [], cached: [], multi: [], plain: [] };
      for (let round = 0; round < ROUNDS; round++) {
        runs.nginx.push(wrk(nginx.base + target.route, target));
        runs.bare.push(wrk(bare.base + target.route, target));
        runs.cached.push(wrk(cached.base + target.route, target));
        runs.nginx2.push(wrk(nginx2.base + target.route, target));
        runs.multi.push(wrk(multi.base + target.route, target));
        runs.plain.push(wrk(plain.base + target.route, target));
      }
      const of = (list, key) => median(list.map((run) => run[key]));
      const reference = of(runs.nginx, 'rps');
      rows.push({
        target: target.name,
        'nginx(1) req/s': Math.round(reference),
        'cached req/s': Math.round(of(runs.cached, 'rps')),
        'cached ×nginx(1)': +(of(runs.cached, 'rps') / reference).toFixed(3),
        'cached ×bare Node': +(of(runs.cached, 'rps') / of(runs.bare, 'rps')).toFixed(2),
        'cached p99 ms': +of(runs.cached, 'p99').toFixed(1),
        'WORKERS=2 req/s': Math.round(of(runs.multi, 'rps')),
        'WORKERS=2 ×nginx(2)': +(of(runs.multi, 'rps') / of(runs.nginx2, 'rps')).toFixed(3),
        'CACHE=false req/s': Math.round(of(runs.plain, 'rps')),
        'CACHE=false ×nginx': +(of(runs.plain, 'rps') / reference).toFixed(4),
        'CACHE=false p99 ms': +of(runs.plain, 'p99').toFixed(1),
        non2xx: runs.cached.concat(runs.plain, runs.multi).reduce((sum, run) => sum + run.non2xx, 0),
      });
    }
    console.log(
      `\nPublished-content cache against nginx serving the same bytes (nginx(1): one worker; wrk 2 threads, 50 connections, ${SECONDS} s, median of ${ROUNDS})`,
    );
    console.table(rows);

    // A visitor cannot switch the cache off: a made-up token or preview word is answered like any other request.
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.0.${'A'.repeat(43)}`;
    const madeUp = [
      { name: 'GET /about.html', route: '/about.html' },
      { name: '… with the header token: made-up', route: '/about.html', headers: { token: 'made-up' } },
      { name: '… ?utm_campaign=preview=1', route: '/about.html?utm_campaign=preview=1' },
      { name: '… ?preview=<forged signature>', route: `/about.html?preview=${forged}` },
    ];
    const nginxAbout = median(Array.from({ length: ROUNDS }, () => wrk(`${nginx.base}/about.html`, {}).rps));
    const plainAbout = median(Array.from({ length: ROUNDS }, () => wrk(`${cached.base}/about.html`, {}).rps));
    console.log('\nRequests with a made-up credential, against the cached server (one process)');
    console.table(
      madeUp.map((target) => {
        const rps = median(Array.from({ length: ROUNDS }, () => wrk(cached.base + target.route, target).rps));
        return {
          request: target.name,
          'req/s': Math.round(rps),
          '×nginx(1)': +(rps / nginxAbout).toFixed(3),
          '×plain request': +(rps / plainAbout).toFixed(2),
        };
      }),
    );

    const single = targets
      .filter((target) => !target.route.startsWith('/api/'))
      .map((target) => {
        const runs = Array.from({ length: ROUNDS }, () => wrk(plain.base + target.route, target, { connections: 1 }));
        return {
          page: target.name,
          'CACHE=false pages/s (1 connection)': Math.round(median(runs.map((run) => run.rps))),
          'median ms': +median(runs.map((run) => run.p50)).toFixed(2),
        };
      });
    console.log('\nUncached page render at one connection');
    console.table(single);

    const before = residentKb(cached.pid);
    const junk = (i) => `/?utm_source=bench-${i}&r=${Math.random().toString(36).slice(2)}`;
    for (let i = 0; i < 10_000; i += 50) {
      await Promise.all(
        // A keep-alive connection the server closed while idle fails once on reuse: that request is sent again.
        Array.from({ length: 50 }, (_, j) => {
          const get = () => fetch(cached.base + junk(i + j)).then((res) => res.arrayBuffer());
          return get().catch(get);
        }),
      );
    }
    const after = residentKb(cached.pid);
    console.log('\nResident memory of the cached server around 10,000 requests with random query strings');
    console.table([
      {
        'before MB': +(before / 1024).toFixed(1),
        'after MB': +(after / 1024).toFixed(1),
        growth: `${(((after - before) / before) * 100).toFixed(1)} %`,
      },
    ]);
  } finally {
    nginx?.stop();
    nginx2?.stop();
    bare?.stop();
    await cached.stop();
    await plain.stop();
    await multi.stop();
  }
}
