// The published-content cache's hit path on its own, without a server: the nanoseconds one `get` of a warm key
// takes (what every cached answer pays before its bytes are sent). Part of `npm run bench` (`cache-hit`).
//
// Each measurement runs in a fresh Node.js process (so one module's JIT state never colours another's): it fills a
// cache of the built module (api/dist/…/published-cache.js) with entries of real page sizes, warms up, then times
// `BENCH_HIT_GETS` gets of keys in a fixed pseudo-random order, as the cache server does on a hit
// (`get`, then `stats.hits++`). Several rounds; the median is the figure.
//
// To compare two builds (before and after a change), copy the old built module somewhere, then
//   node scripts/bench-cache-hit.mjs /tmp/published-cache.old.js api/dist/src/delivery/reads/published-cache.js
// runs them interleaved, round by round, and prints each one's median and the ratio of the last to the first.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = path.join(root, 'api', 'dist', 'src', 'delivery', 'reads', 'published-cache.js');
const ROUNDS = Number(process.env.BENCH_HIT_ROUNDS ?? 7);
const GETS = Number(process.env.BENCH_HIT_GETS ?? 5_000_000);
/** Entries in the cache: the public pages and answers of a site of this size, in all their query variants. */
const KEYS = 500;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One measurement, in this process: nanoseconds per hit of the module at `file`. */
async function measure(file) {
  const { makeEntry, PublishedCache } = await import(pathToFileURL(path.resolve(file)).href);
  // The main cache's budget with the default CACHE_MAX_MB (64), and pages of 4–20 KB.
  const cache = new PublishedCache(Math.floor(64 * 1024 * 1024 * 0.9));
  const keys = Array.from({ length: KEYS }, (_, i) => `GET https://www.example.com/news/${i}.html|desktop`);
  keys.forEach((key, i) => {
    const body = Buffer.from(`<!doctype html><p>${i}</p>`.padEnd(4096 + (i % 17) * 1024, ' 云帆'));
    cache.set(key, makeEntry(200, [['content-type', 'text/html; charset=utf-8']], body));
  });
  // A fixed pseudo-random order (xorshift), the same for every module and round.
  const order = new Uint32Array(1 << 16);
  let seed = 2463534242;
  for (let i = 0; i < order.length; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    order[i] = (seed >>> 0) % KEYS;
  }
  const hits = (count) => {
    let bytes = 0;
    for (let i = 0; i < count; i++) {
      const found = cache.get(keys[order[i & 0xffff]]);
      if (found) {
        cache.stats.hits++;
        bytes += found.bytes;
      }
    }
    return bytes;
  };
  hits(GETS / 5); // warm-up: the JIT settles
  const started = process.hrtime.bigint();
  const bytes = hits(GETS);
  const elapsed = Number(process.hrtime.bigint() - started);
  if (bytes === 0) throw new Error('no hit: the cache kept nothing');
  return elapsed / GETS;
}

/** Each module's median ns per hit over `ROUNDS` interleaved rounds, each measurement in a fresh process. */
export function cacheHitBench(files = [BUILT]) {
  const samples = files.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    files.forEach((file, index) => {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', file], {
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`${file}: ${run.stderr}`);
      samples[index].push(Number(run.stdout.trim()));
    });
  }
  console.log(`\nCache hits: ns per get of a warm key (${GETS.toLocaleString('en')} gets, ${KEYS} entries)`);
  const rows = files.map((file, index) => ({
    module: path.relative(root, path.resolve(file)),
    'median ns': +median(samples[index]).toFixed(2),
    'min ns': +Math.min(...samples[index]).toFixed(2),
    'max ns': +Math.max(...samples[index]).toFixed(2),
    rounds: samples[index].length,
  }));
  console.table(rows);
  if (files.length > 1) {
    const ratio = rows.at(-1)['median ns'] / rows[0]['median ns'];
    console.log(`Last / first (median): ${ratio.toFixed(3)} (below 1: the last is faster)`);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--measure') console.log(await measure(process.argv[3]));
  else cacheHitBench(process.argv.length > 2 ? process.argv.slice(2) : undefined);
}
