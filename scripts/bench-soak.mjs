// `npm run bench -- --soak`: a long run of mixed public reads (pages on both faces, public API calls, cached and
// open-ended ones) at 100 connections with wrk, printing total requests, errors (non-2xx/3xx answers and socket
// errors), p99 latency and the server's resident memory at the start, the middle and the end.
// Targets (docs/decisions.md "Observability"): 0 errors, memory growth under 10 %.
// BENCH_SOAK_SECONDS (600) sets the length; BENCH_SOAK_CONNECTIONS (100) the connections.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SECONDS = Math.max(10, Number(process.env.BENCH_SOAK_SECONDS ?? 600));
const CONNECTIONS = Math.max(2, Number(process.env.BENCH_SOAK_CONNECTIONS ?? 100));
const WARM_UP_SECONDS = 15;

const residentMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** The mix: what visitors read, in rough proportion (a page appears as often as it is asked for). */
async function requestMix(base, mobileUserAgent) {
  const answer = async (route, body) =>
    (
      await (
        await fetch(base + route, {
          method: body ? 'POST' : 'GET',
          headers: body ? { 'Content-Type': 'application/json' } : {},
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json()
    ).data;
  const news = (await answer('/api/itemnews')).newcontent.map((item) => item.id);
  const cases = (await answer('/api/items', { menu: 3 })).case.caselist.map((item) => item.id);
  const phone = { 'User-Agent': mobileUserAgent };
  const get = (route, headers = {}) => ({ method: 'GET', route, headers });
  const post = (route, body) => ({ method: 'POST', route, headers: { 'Content-Type': 'application/json' }, body });
  return [
    get('/'),
    get('/'),
    get('/about.html'),
    get('/items/3.html'),
    get('/itemnews.html'),
    get('/webcase/101.html'),
    ...news.slice(0, 3).map((id) => get(`/news/${id}.html`)),
    ...cases.slice(0, 3).map((id) => get(`/details/${id}.html`)),
    get('/move/index.html', phone),
    get('/move/index.html', phone),
    get('/move/case.html', phone),
    get('/move/us.html', phone),
    get(`/move/news/${news[0]}.html`, phone),
    get('/api/index'),
    get('/api/header'),
    get('/api/footer'),
    post('/api/itemmore', { menu: 3, amount: 3, type: 1, page: 4 }),
    post('/api/newmore', { menu: 0, amount: 3, page: 4 }),
    post('/api/details', { case: cases[0] }),
    post('/api/search', { keyword: '网站', type: 1, amount: 3, page: 0 }),
    get('/sitemap.xml'),
  ];
}

/** Every request of the mix is answered (HTTP 2xx/3xx, and code 0 from the API) before the soak counts errors. */
async function checkMix(base, mix) {
  for (const entry of mix) {
    const res = await fetch(base + entry.route, {
      method: entry.method,
      headers: entry.headers,
      body: entry.body ? JSON.stringify(entry.body) : undefined,
      redirect: 'manual',
    });
    const envelope = entry.route.startsWith('/api/') ? await res.json() : null;
    if (res.status >= 400 || (envelope && envelope.code !== 0)) {
      throw new Error(
        `${entry.method} ${entry.route} answered ${res.status} ${JSON.stringify(envelope)?.slice(0, 200)}`,
      );
    }
  }
}

/** A wrk script that walks through the mix, one request after another on each connection. */
function luaScript(mix) {
  const lua = (value) => JSON.stringify(value);
  const entries = mix.map((entry) => {
    const headers = Object.entries(entry.headers)
      .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
      .join(', ');
    const body = entry.body ? lua(JSON.stringify(entry.body)) : 'nil';
    return `  { ${lua(entry.method)}, ${lua(entry.route)}, { ${headers} }, ${body} }`;
  });
  return [
    'local mix = {',
    entries.join(',\n'),
    '}',
    'local i = 0',
    'request = function()',
    '  i = i % #mix + 1',
    '  local m = mix[i]',
    '  return wrk.format(m[1], m[2], m[3], m[4])',
    'end',
  ].join('\n');
}

function parse(output) {
  const unit = { us: 0.001, ms: 1, s: 1000 };
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    requests: Number(/(\d+) requests in/.exec(output)?.[1] ?? NaN),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    p99: p99 ? Number(p99[1]) * unit[p99[2]] : NaN,
  };
}

function runWrk(url, script, seconds) {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [
      '-t2',
      `-c${CONNECTIONS}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-s',
      script,
      url,
    ]);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', () => resolve(parse(output)));
  });
}

/** Runs the soak against a server from `startServer(env)` (which answers `{ base, pid, stop }`). */
export async function soakBench(startServer, mobileUserAgent) {
  if (spawnSync('sh', ['-c', 'command -v wrk']).status !== 0) {
    throw new Error('The soak needs wrk: apt-get install -y wrk');
  }
  const server = await startServer({ LOG_LEVEL: 'warn' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'yunfan-soak-'));
  try {
    const script = path.join(dir, 'mix.lua');
    const mix = await requestMix(server.base, mobileUserAgent);
    await checkMix(server.base, mix);
    writeFileSync(script, luaScript(mix));
    // Caches, image variants and the JIT settle first: the start figure is that of a server in use.
    await runWrk(server.base, script, WARM_UP_SECONDS);
    const start = residentMb(server.pid);
    const soak = runWrk(server.base, script, SECONDS);
    const middle = await new Promise((resolve) =>
      setTimeout(() => resolve(residentMb(server.pid)), (SECONDS * 1000) / 2),
    );
    const result = await soak;
    const end = residentMb(server.pid);
    console.log(
      `\nSoak: ${SECONDS} s of mixed public reads (${mix.length} kinds of request) at ${CONNECTIONS} connections ` +
        `(wrk, 2 threads), after ${WARM_UP_SECONDS} s of warm-up. Targets: 0 errors, memory growth < 10 %.`,
    );
    console.table([
      {
        requests: result.requests,
        'req/s': Math.round(result.requests / SECONDS),
        errors: result.non2xx + result.socketErrors,
        'non-2xx/3xx': result.non2xx,
        'socket errors': result.socketErrors,
        'p99 ms': +result.p99.toFixed(1),
        'RSS start MB': +start.toFixed(1),
        'RSS middle MB': +middle.toFixed(1),
        'RSS end MB': +end.toFixed(1),
        'growth %': +(((end - start) / start) * 100).toFixed(1),
      },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await server.stop();
  }
}
