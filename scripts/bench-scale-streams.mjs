// The streamed parts of `npm run bench -- scale` (bench-scale.mjs calls `streamsBench` once the large site is in
// the bench server's database): the lead export (XLSX and CSV, every message), the sitemap index and each of its
// files, and `npm run backup` then `npm run restore` of the whole site. Each is timed and its bytes counted, and
// the resident memory (VmRSS) of the server, and of the command for a backup or restore, is read every 50 ms while
// it runs: the table shows how far it grew beside the targets (docs/decisions.md "A large site"). Before the backup,
// `BENCH_STREAMS_UPLOADS` (default 1,000) of the site's media rows get a file of their size in the server's uploads
// (random bytes, as photographs are: gzip gains nothing), so that the archive carries real uploads.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, promises as fs, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl } from './scale-site.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;

/** The memory targets, MB of growth of the process that does the work. */
const EXPORT_RSS_MB = 100;
const BACKUP_RSS_MB = 200;
/** What one sitemap file may hold. */
const SITEMAP_URLS = 50_000;
const SITEMAP_MB = 10;

/** VmRSS of a process in bytes, or `null` once it is gone. */
function rssOf(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** Reads a process's VmRSS every 50 ms from now until `stop()`: the first reading and the highest. */
function sampleRss(pid) {
  const first = rssOf(pid);
  let peak = first ?? 0;
  const timer = setInterval(() => {
    const now = rssOf(pid);
    if (now !== null && now > peak) peak = now;
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      const last = rssOf(pid);
      if (last !== null && last > peak) peak = last;
      return { first: first ?? 0, peak, growth: first === null ? null : peak - first };
    },
  };
}

/** Signs in as the bench server's administrator; answers the token. */
async function signIn(server) {
  const password = createHash('md5').update(server.adminPassword, 'utf8').digest('hex');
  const res = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: server.adminEmail, password }),
  });
  const answer = await res.json();
  if (answer.code !== 0) throw new Error(`login: ${answer.msg}`);
  return answer.data.token;
}

/** Sends a request and reads its answer as it comes (never held whole unless `keep`): status, bytes, time. */
async function measure(server, url, init = {}, keep = false) {
  const sampler = sampleRss(server.pid);
  const started = performance.now();
  const res = await fetch(server.base + url, { ...init, headers: { 'accept-encoding': 'identity', ...init.headers } });
  let bytes = 0;
  const chunks = [];
  for await (const chunk of res.body) {
    bytes += chunk.length;
    if (keep) chunks.push(chunk);
  }
  const ms = performance.now() - started;
  const rss = sampler.stop();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes,
    ms,
    rss,
    text: keep ? Buffer.concat(chunks).toString('utf8') : '',
  };
}

/**
 * Runs the backup command as `npm run backup` / `npm run restore` would (built), sampling its memory and the
 * server's. `expected`: the exit code it should answer.
 */
async function command(server, args, env, expected = 0) {
  const started = performance.now();
  const child = spawn(process.execPath, ['api/dist/src/backup-command.js', ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverRss = sampleRss(server.pid);
  const ownRss = sampleRss(child.pid);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  // The command's last reading was taken before it exited; its first one as it started.
  const own = ownRss.stop();
  const rss = serverRss.stop();
  if (code !== expected) throw new Error(`backup-command ${args[0]} exited ${code}: ${output.slice(-500)}`);
  return { ms: performance.now() - started, own, rss, output };
}

/** Gives the first `count` media rows a file of their size under the server's uploads (what a real site holds). */
async function writeUploads(db, dataDir, count) {
  const { rows } = await db.query(`SELECT url, bytes FROM media WHERE url LIKE '/uploads/%' ORDER BY id LIMIT $1`, [
    count,
  ]);
  let bytes = 0;
  for (const row of rows) {
    const file = path.join(dataDir, ...row.url.split('/').filter(Boolean));
    if (existsSync(file)) continue;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, randomBytes(row.bytes));
    bytes += row.bytes;
  }
  return { files: rows.length, bytes };
}

const met = (value, target) => (value === null ? '?' : value <= target ? 'yes' : 'NO');

/**
 * Measures the streams on a bench server (scripts/bench.mjs's `startServer`) whose database `db` (a connected
 * pg.Client) already holds the large site; prints one table. The sitemaps are read as the server answers them: with
 * CACHE=false (as bench-scale.mjs starts it) straight from the database, otherwise through the published-content cache.
 */
export async function streamsBench(server, db) {
  const rows = [];
  const add = (what, figures, target, ok) => rows.push({ what, ...figures, target, met: ok });

  // The lead export, every message, in each format.
  const leads = (await db.query('SELECT count(*)::int AS n FROM message')).rows[0].n;
  const token = await signIn(server);
  for (const format of ['xlsx', 'csv']) {
    const result = await measure(server, '/api/exportleavewords', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ format }),
    });
    if (result.status !== 200 || result.type.includes('json')) throw new Error(`export ${format}: ${result.status}`);
    add(
      `lead export ${format.toUpperCase()} (${leads} messages)`,
      { ms: Math.round(result.ms), MB: mb(result.bytes), 'server RSS +MB': mb(result.rss.growth) },
      `RSS +${EXPORT_RSS_MB} MB`,
      met(result.rss.growth, EXPORT_RSS_MB * MB),
    );
  }

  // The sitemap index, then each file it names.
  const index = await measure(server, '/sitemap.xml', {}, true);
  if (index.status !== 200) throw new Error(`/sitemap.xml: ${index.status}`);
  const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  add(
    `sitemap index (${files.length} files)`,
    { ms: Math.round(index.ms), MB: mb(index.bytes), 'server RSS +MB': mb(index.rss.growth) },
    '',
    '',
  );
  for (const file of files) {
    const result = await measure(server, file, {}, true);
    if (result.status !== 200) throw new Error(`${file}: ${result.status}`);
    const urls = result.text.split('<url>').length - 1;
    add(
      `${file} (${urls} URLs)`,
      { ms: Math.round(result.ms), MB: mb(result.bytes), 'server RSS +MB': mb(result.rss.growth) },
      `≤ ${SITEMAP_URLS} URLs, ≤ ${SITEMAP_MB} MB`,
      urls <= SITEMAP_URLS && result.bytes <= SITEMAP_MB * MB ? 'yes' : 'NO',
    );
  }

  // npm run backup of the whole site (the server's database and uploads), then npm run restore into a new
  // database and data folder.
  // What the command takes before it does anything: its modules loaded, answering a wrong command line (exit 2).
  const idle = (await command(server, [], {}, 2)).own.peak;
  const work = mkdtempSync(path.join(os.tmpdir(), 'yunfan-bench-streams-'));
  const url = databaseUrl(server);
  const target = `bench_restore_${randomBytes(4).toString('hex')}`;
  try {
    const uploads = await writeUploads(db, server.dataDir, Number(process.env.BENCH_STREAMS_UPLOADS ?? 1000));
    const archive = path.join(work, 'site.tar.gz');
    const backup = await command(server, ['backup', '--out', archive], { DATABASE_URL: url, DATA_DIR: server.dataDir });
    const archiveBytes = (await fs.stat(archive)).size;
    // A backup's or restore's row: the archive's size, and the command's memory above its idle size.
    const addCommand = (what, run) =>
      add(
        what,
        {
          ms: Math.round(run.ms),
          MB: mb(archiveBytes),
          'server RSS +MB': mb(run.rss.growth),
          'command RSS +MB': mb(run.own.peak - idle),
          'command peak MB': mb(run.own.peak),
        },
        `RSS +${BACKUP_RSS_MB} MB`,
        met(run.own.peak - idle, BACKUP_RSS_MB * MB),
      );
    addCommand(`npm run backup (${uploads.files} uploads of ${mb(uploads.bytes)} MB added)`, backup);
    await db.query(`CREATE DATABASE ${target}`);
    const targetUrl = new URL(url);
    targetUrl.pathname = `/${target}`;
    const restore = await command(server, ['restore', archive], {
      DATABASE_URL: targetUrl.toString(),
      DATA_DIR: path.join(work, 'restored'),
    });
    addCommand('npm run restore (into a new database and data folder)', restore);
  } finally {
    await db.query(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }

  console.log(
    '\nStreams on the large site: time, bytes, and how far the resident memory grew (VmRSS every 50 ms): the' +
      ` server's, and for a backup or restore the command's above its ${mb(idle)} MB with nothing to do`,
  );
  console.table(rows);
}
