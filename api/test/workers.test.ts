import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  alive,
  clusterClient,
  clusterPid,
  freePort,
  killLaunched,
  launch,
  startServer,
  type ReadyServer,
} from './support/server-process.js';
import { until } from './support/until.js';

/**
 * `WORKERS`: several server processes on one port (docs/decisions.md "Several processes"), forked and watched by
 * the process `npm start` runs, on the embedded PostgreSQL it started once; and that database on a fixed port and
 * address (`EMBEDDED_PG_PORT`, `EMBEDDED_PG_LISTEN`) for other processes or machines.
 */
const SLOW = 120_000;
let workDir: string;
beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'workers-'));
  await fs.chmod(workDir, 0o755);
});
afterAll(() => killLaunched());

/** The server processes forked by `pid` (its embedded PostgreSQL is a child too, and is left out). */
function workersOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === pid && command.includes('main.js')) found.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found.sort((a, b) => a - b);
}

async function health(server: ReadyServer): Promise<number> {
  return (await fetch(`${server.base}/api/health`)).status;
}

/** A GET on a connection of its own: the cluster hands each new connection to the next worker in turn. */
function getAlone(server: ReadyServer, path: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.base}${path}`, { agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      })
      .on('error', reject);
  });
}

/** The health checks answered, as a scrape of `/api/metrics` counts them. */
async function healthChecksCounted(server: ReadyServer): Promise<number> {
  const { status, text } = await getAlone(server, '/api/metrics');
  expect(status).toBe(200);
  const line = /^http_requests_total\{route="api:\/api\/health",status="200"\} (\d+)$/m.exec(text);
  return line ? Number(line[1]) : 0;
}

describe('WORKERS=2', () => {
  it(
    'should serve from two processes on one port, replace one that dies, and drain both on SIGTERM',
    async () => {
      const dataDir = path.join(workDir, 'two');
      const server = await startServer({ DATA_DIR: dataDir, WORKERS: '2', ADMIN_PASSWORD: 'Workers-admin-2026' });
      const primary = server.child.pid!;
      expect(server.output()).toMatch(/Ready in \d+ ms: http:\/\/localhost:\d+\/ \(2 workers\)/);
      const first = workersOf(primary);
      expect(first).toHaveLength(2);
      // The database was started once, by the primary.
      expect(server.output().match(/Embedded PostgreSQL is listening/g)).toHaveLength(1);
      for (let i = 0; i < 10; i++) expect(await health(server)).toBe(200);
      const page = await fetch(`${server.base}/about.html`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('关于我们');

      // /api/metrics answers for both workers: whichever one a scrape reaches, it counts every worker's answers.
      const counted = await healthChecksCounted(server);
      for (let i = 0; i < 10; i++) expect((await getAlone(server, '/api/health')).status).toBe(200);
      for (let i = 0; i < 4; i++) expect(await healthChecksCounted(server)).toBe(counted + 10);

      // One dies: another takes its place, and the site answers meanwhile from the one left.
      process.kill(first[0]!, 'SIGKILL');
      await until(() => !alive(first[0]!), 'the killed worker to be gone');
      expect(await health(server)).toBe(200);
      await until(() => {
        const now = workersOf(primary);
        return now.length === 2 && !now.includes(first[0]!);
      }, 'a replacement worker');
      await until(() => /Worker \d+ exited \(SIGKILL\); starting another/.test(server.output()), 'the log line');
      await until(() => (server.output().match(/Worker \d+ ready/g) ?? []).length >= 3, 'the replacement to be ready');
      for (let i = 0; i < 10; i++) expect(await health(server)).toBe(200);
      // Scrapes still answer with a worker replaced (the dead one's counts went with it).
      expect(await healthChecksCounted(server)).toBeGreaterThan(0);

      // SIGTERM: every worker drains and exits, then the embedded database stops, and the primary exits 0.
      const workers = workersOf(primary);
      const database = clusterPid(dataDir);
      expect(database && alive(database)).toBe(true);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      for (const pid of workers) expect(alive(pid)).toBe(false);
      expect(alive(database!)).toBe(false);
    },
    SLOW,
  );
});

describe('WORKERS=2 stopped while a worker starts', () => {
  it(
    'should end the worker still starting, which does not listen for the request to drain yet, and exit 0',
    async () => {
      // The folder of the test above: no cluster to create, no seed.
      const server = await startServer({ DATA_DIR: path.join(workDir, 'two'), WORKERS: '2' });
      const primary = server.child.pid!;
      const [killed] = workersOf(primary);
      process.kill(killed!, 'SIGKILL');
      await until(() => {
        const now = workersOf(primary);
        return now.length === 2 && !now.includes(killed!);
      }, 'a replacement worker');
      // Stopped before the replacement is ready: it is ended, the other drains, and the stop does not wait for the
      // last resort (SHUTDOWN_TIMEOUT_MS + 20 s, then exit 1).
      expect(server.output()).not.toMatch(/Worker \d+ ready[\s\S]*Worker \d+ ready[\s\S]*Worker \d+ ready/);
      const workers = workersOf(primary);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(15_000);
      expect(server.output()).not.toContain('Shutdown did not complete in time');
      for (const pid of workers) expect(alive(pid)).toBe(false);
    },
    SLOW,
  );
});

describe('WORKERS', () => {
  it('should refuse a value that is not a whole number from 1 to 64', async () => {
    const refused = launch({ DATA_DIR: path.join(workDir, 'bad'), WORKERS: '0' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('WORKERS');
    expect(refused.output()).toContain('must be a whole number from 1 to 64');
  });
});

/** Connects to the site's database in the embedded cluster of `dataDir` through `host` and counts its menus. */
async function reach(dataDir: string, host: string): Promise<number> {
  const client = await clusterClient(dataDir, host);
  try {
    return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM menu')).rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('EMBEDDED_PG_PORT and EMBEDDED_PG_LISTEN', () => {
  it(
    'should put the embedded database on the fixed port, reachable beyond loopback only while asked',
    async () => {
      const dataDir = path.join(workDir, 'fixed');
      const port = await freePort();
      const hba = () => readFileSync(path.join(dataDir, 'postgres', 'pg_hba.conf'), 'utf8');
      // The cluster's lock file names the port it listens on (its fourth line); clusterClient connects there.
      const lockPort = () => readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3];
      const open = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port), EMBEDDED_PG_LISTEN: '*' });
      expect(lockPort()).toBe(String(port));
      expect(hba()).toContain('host all all samenet scram-sha-256');
      expect(await reach(dataDir, '127.0.0.1')).toBeGreaterThan(0);
      // Through an address of this machine other than loopback, where it has one.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
      if (outside) expect(await reach(dataDir, outside.address)).toBeGreaterThan(0);
      open.child.kill('SIGTERM');
      expect(await open.exited).toBe(0);

      // Back to loopback: the lines that let other machines in are gone.
      const closed = await startServer({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
      expect(hba()).not.toContain('host all all samenet scram-sha-256');
      expect(lockPort()).toBe(String(port));
      expect(await reach(dataDir, '127.0.0.1')).toBeGreaterThan(0);
      closed.child.kill('SIGTERM');
      expect(await closed.exited).toBe(0);
    },
    SLOW,
  );
});
