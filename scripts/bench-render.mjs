// `npm run bench -- render`: the uncached page render (what a cache miss, a new article or a purge costs) on one
// core, beside nginx and a bare Node.js server sending the same bytes, in one run on this machine (absolute figures
// drift on a shared machine: the ratios are the figures to read). Part of `npm run bench`.
//
// The server runs with CACHE=false and WORKERS=1, so every request renders its page: the public reads from the
// database, the remote's React tree, the head and the state. wrk (2 threads) asks for the public pages in turn,
// desktop pages as a computer and mobile ones as a phone, at each of `BENCH_RENDER_CONNECTIONS` (4,16) connections:
// pages/s, p50 and p99 of the mix; then each kind of page alone at the last of those counts. nginx (one worker)
// and a bare Node.js server answer each page's path with the bytes the server sent for it once. Every figure is the
// median of `BENCH_RUNS` (3) rounds, the three servers taking turns in each round; a mix run lasts `BENCH_SECONDS`
// (5) s, a page kind's run 3 s. Target: 300 pages/s or more with p99 under 100 ms.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, need, startBareNode, startNginx, wrk } from './bench-cache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const KIND_SECONDS = 3;
const CONNECTIONS = (process.env.BENCH_RENDER_CONNECTIONS ?? '4,16').split(',').map(Number);
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE_UA = JSON.parse(readFileSync(path.join(root, 'e2e', 'chromium.json'), 'utf8')).mobileUserAgent;

/** The public pages, one of each kind, with ids found on the running site. */
async function renderPages(base) {
  const news = await (await fetch(`${base}/api/itemnews`)).json();
  const home = await (await fetch(`${base}/api/index`)).json();
  const newsId = news.data.newcontent[0].id;
  const caseId = home.data.success.content[0].id;
  const desktop = [
    '/',
    '/about.html',
    '/items/3.html',
    '/itemnews.html',
    `/news/${newsId}.html`,
    `/details/${caseId}.html`,
    '/webcase/101.html',
  ];
  const phone = [
    '/move/index.html',
    '/move/case.html',
    '/move/us.html',
    `/move/news/${newsId}.html`,
    `/move/details/${caseId}.html`,
    '/move/items/3.html',
  ];
  return [
    ...desktop.map((route) => ({ route, ua: DESKTOP_UA, device: 'computer' })),
    ...phone.map((route) => ({ route, ua: PHONE_UA, device: 'phone' })),
  ];
}

/** A wrk `request()` asking for each page in turn with its own user agent. */
function rotation(pages) {
  const list = pages.map(({ route, ua }) => `{ ${JSON.stringify(route)}, ${JSON.stringify(ua)} }`).join(',\n  ');
  return `local pages = {\n  ${list}\n}
local turn = 0
request = function()
  turn = turn % #pages + 1
  return wrk.format("GET", pages[turn][1], { ["User-Agent"] = pages[turn][2] })
end`;
}

/** Each page once, as the server renders it, for nginx and the bare Node server to send. */
async function pageBytes(base, pages) {
  const files = [];
  for (const { route, ua } of pages) {
    const res = await fetch(base + route, { headers: { 'user-agent': ua }, redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}, not a rendered page`);
    const headers = Object.fromEntries(
      [...res.headers].filter(
        ([name]) =>
          !['content-length', 'transfer-encoding', 'date', 'x-request-id', 'connection', 'keep-alive'].includes(name),
      ),
    );
    files.push({ route, type: res.headers.get('content-type'), headers, file: Buffer.from(await res.arrayBuffer()) });
  }
  return files;
}

/** `runs` rounds of wrk against the three servers in turn: the medians of each. */
function rounds(servers, route, target, options) {
  const results = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
  for (let round = 0; round < RUNS; round++) {
    for (const [name, base] of Object.entries(servers)) results[name].push(wrk(base + route, target, options));
  }
  const of = (name, key) => median(results[name].map((run) => run[key]));
  const non2xx = results.render.reduce((sum, run) => sum + run.non2xx, 0);
  return { of, non2xx };
}

/** CPU seconds a process has used (user and system), from /proc. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the server has finished what it does by itself after start (copying releases into its data folder,
 * recording the stored pictures in the media library): under 5 % of a core for a second, or two minutes at most.
 */
async function settled(pid) {
  const until = Date.now() + 120_000;
  let before = cpuSeconds(pid);
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before < 0.05) return;
    before = now;
  }
}

/** Runs the render comparison with a server from `startServer(env)` (which answers `{ base, pid, stop }`). */
export async function renderBench(startServer) {
  need('wrk', 'apt-get install -y wrk');
  need('nginx', 'apt-get install -y nginx-light');
  const server = await startServer({ CACHE: 'false', WORKERS: '1' });
  let nginx = null;
  let bare = null;
  try {
    await settled(server.pid);
    const pages = await renderPages(server.base);
    const files = await pageBytes(server.base, pages);
    nginx = await startNginx(files, 1);
    bare = await startBareNode(files);
    const servers = { nginx: nginx.base, bare: bare.base, render: server.base };
    // Every page rendered a few times before anything is measured (the remotes loaded, the code optimised).
    wrk(server.base + pages[0].route, { lua: rotation(pages) }, { connections: 4, seconds: 3 });

    const mix = CONNECTIONS.map((connections) => {
      const { of, non2xx } = rounds(
        servers,
        pages[0].route,
        { lua: rotation(pages) },
        { connections, seconds: SECONDS },
      );
      return {
        connections,
        'render pages/s': Math.round(of('render', 'rps')),
        'p50 ms': +of('render', 'p50').toFixed(1),
        'p99 ms': +of('render', 'p99').toFixed(1),
        'nginx(1) pages/s': Math.round(of('nginx', 'rps')),
        'bare Node pages/s': Math.round(of('bare', 'rps')),
        '×nginx(1)': +(of('render', 'rps') / of('nginx', 'rps')).toFixed(4),
        '×bare Node': +(of('render', 'rps') / of('bare', 'rps')).toFixed(4),
        non2xx,
      };
    });
    console.log(
      `\nUncached page render (CACHE=false, WORKERS=1; ${os.cpus().length} cores here), the ${pages.length} public ` +
        `pages in turn, beside nginx(1) and bare Node sending the same bytes (wrk, 2 threads, ${SECONDS} s, median of ${RUNS})`,
    );
    console.table(mix);

    const connections = CONNECTIONS[CONNECTIONS.length - 1];
    const kinds = pages.map(({ route, ua, device }, index) => {
      const { of, non2xx } = rounds(servers, route, { ua }, { connections, seconds: KIND_SECONDS });
      return {
        page: route,
        device,
        KiB: +(files[index].file.length / 1024).toFixed(1),
        'render pages/s': Math.round(of('render', 'rps')),
        'p50 ms': +of('render', 'p50').toFixed(1),
        'p99 ms': +of('render', 'p99').toFixed(1),
        '×nginx(1)': +(of('render', 'rps') / of('nginx', 'rps')).toFixed(4),
        '×bare Node': +(of('render', 'rps') / of('bare', 'rps')).toFixed(4),
        non2xx,
      };
    });
    console.log(`\nEach page alone, ${connections} connections (${KIND_SECONDS} s, median of ${RUNS})`);
    console.table(kinds);
  } finally {
    nginx?.stop();
    bare?.stop();
    await server.stop();
  }
}
