import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  alive,
  clusterClient,
  clusterPid,
  killLaunched,
  mainJs,
  startServer,
  type ReadyServer,
} from './support/server-process.js';
import { until } from './support/until.js';

/**
 * The embedded PostgreSQL killed under the running site (docs/decisions.md "Fault tolerance"): the process that
 * started it, the only one (`WORKERS=1`) or the primary of several (`WORKERS=2`), starts it again on the same folder
 * and port, the site answers again within seconds, and no acknowledged write is lost. An orderly stop afterwards
 * stops the cluster started again and exits 0; a cluster that cannot be started again ends the site with code 1.
 */

/** The test's own limit for the site to answer again: far above the few seconds it takes, for a busy machine. */
const BACK_WITHIN_MS = 60_000;

let workDir: string;
beforeAll(async () => {
  await fs.access(mainJs).catch(() => {
    throw new Error(`${mainJs} is missing: run \`npm run build\` (npm test does it first)`);
  });
  workDir = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'crash-'));
  await fs.chmod(workDir, 0o755);
});

// Whatever a failing test left behind: servers, and the clusters they started.
afterAll(() => {
  killLaunched();
  for (const pid of postgresOf(workDir)) process.kill(pid, 'SIGINT');
});

/** The PostgreSQL servers (postmasters: their command line names the folder) of the clusters under `folder`. */
function postgresOf(folder: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (command.includes('postgres') && command.includes(folder)) found.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** The port in the cluster's lock file (its fourth line), once written there. */
function lockPort(dataDir: string): string | undefined {
  try {
    return readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3] || undefined;
  } catch {
    return undefined;
  }
}

/** How the server ended, or `running` if it had not after `timeoutMs`. */
async function ending(server: ReadyServer, timeoutMs: number): Promise<number | null | 'running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'running'>((resolve) => (timer = setTimeout(() => resolve('running'), timeoutMs)));
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Answer {
  start: number;
  end: number;
  /** 0: no HTTP answer at all (the connection was refused or cut). */
  status: number;
}

/**
 * Load on the site until `stop()`: contact-form messages from four writers (each from an address of its own, as the
 * form allows five an address), and a health check every 100 ms. What the writers were told is kept: the names of
 * the messages acknowledged with code 0.
 */
function load(server: ReadyServer, label: string) {
  let running = true;
  const acknowledged: string[] = [];
  const health: Answer[] = [];
  const writer = async (w: number) => {
    for (let i = 0; running; i++) {
      const name = `${label}-${w}-${i}`;
      try {
        const res = await fetch(`${server.base}/api/leaveword`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${w}.${i >> 8}.${i & 255}` },
          body: JSON.stringify({ name, phone: '13800138000', content: '数据库被杀时的留言' }),
          signal: AbortSignal.timeout(20_000),
        });
        if (((await res.json()) as { code: number }).code === 0) acknowledged.push(name);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const checker = async () => {
    while (running) {
      const start = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${server.base}/api/health`, { signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        // status 0
      }
      health.push({ start, end: performance.now(), status });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const tasks = [...[0, 1, 2, 3].map(writer), checker()];
  return {
    acknowledged,
    health,
    stop: async () => {
      running = false;
      await Promise.all(tasks);
    },
  };
}

/**
 * Starts the site on `dataDir`, kills its PostgreSQL under load, waits for the site to answer again, and checks that
 * every acknowledged message is there. Answers the server and how long the site took to answer again.
 */
async function killUnderLoad(
  dataDir: string,
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): Promise<{ server: ReadyServer; backAfterMs: number }> {
  const server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '1', ...env }, options);
  const label = `崩溃${env.WORKERS}`;
  const running = load(server, label);
  try {
    await until(() => running.acknowledged.length >= 10, 'the first messages');
    const killed = clusterPid(dataDir)!;
    const port = lockPort(dataDir);
    const killedAt = performance.now();
    process.kill(killed, 'SIGKILL');

    // Another postmaster on the same folder and port, and a health check answered 200 after it came.
    // PostgreSQL writes its lock file in steps: its pid first, its port a moment later.
    await until(
      () => {
        const now = clusterPid(dataDir);
        return now !== null && now !== killed && alive(now) && lockPort(dataDir) !== undefined;
      },
      'PostgreSQL to be started again',
      BACK_WITHIN_MS,
    );
    expect(lockPort(dataDir)).toBe(port);
    const restartedAt = performance.now();
    await until(
      () => running.health.some((a) => a.start > restartedAt && a.status === 200),
      'the site to answer again',
      BACK_WITHIN_MS,
    );
    // Meanwhile the site answered, 200 or 503: the port never refused a connection and no answer was another
    // failure.
    const after = running.health.filter((a) => a.start >= killedAt);
    expect(after.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const lastFailure = Math.max(killedAt, ...after.filter((a) => a.status !== 200).map((a) => a.end));
    const back = after.find((a) => a.start >= lastFailure && a.status === 200)!;

    // Writes go on after it.
    const acknowledgedBefore = running.acknowledged.length;
    await until(() => running.acknowledged.length >= acknowledgedBefore + 10, 'messages after the restart');
    await running.stop();

    const db = await clusterClient(dataDir);
    try {
      const stored = new Set(
        (await db.query<{ name: string }>('SELECT name FROM message WHERE name LIKE $1', [`${label}-%`])).rows.map(
          (row) => row.name,
        ),
      );
      expect(running.acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    } finally {
      await db.end();
    }
    expect(server.output().match(/stopped unexpectedly/g)).toHaveLength(1);
    expect(server.output()).toMatch(
      new RegExp(`stopped unexpectedly \\(SIGKILL\\); starting it again on port ${port}`),
    );
    expect(server.output()).toMatch(new RegExp(`Embedded PostgreSQL is back on port ${port} after`));
    return { server, backAfterMs: Math.round(back.end - killedAt) };
  } finally {
    await running.stop();
  }
}

describe('the embedded PostgreSQL killed under load', () => {
  it('should be started again by the one server process (WORKERS=1), losing no acknowledged write', async () => {
    const dataDir = path.join(workDir, 'one');
    const { server, backAfterMs } = await killUnderLoad(dataDir, { WORKERS: '1' });
    expect(backAfterMs).toBeLessThan(BACK_WITHIN_MS);

    // An orderly stop stops the cluster started again, once, and starts nothing.
    const signalled = server.output().length;
    server.child.kill('SIGTERM');
    expect(await ending(server, 60_000)).toBe(0);
    expect(server.output().slice(signalled)).not.toMatch(/stopped unexpectedly|starting it again/);
    expect(clusterPid(dataDir)).toBeNull();
    expect(postgresOf(dataDir)).toEqual([]);
  });

  it('should be started again by the primary of several (WORKERS=2), and stop on Ctrl-C without a restart', async () => {
    const dataDir = path.join(workDir, 'two');
    const { server, backAfterMs } = await killUnderLoad(dataDir, { WORKERS: '2' }, { detached: true });
    expect(backAfterMs).toBeLessThan(BACK_WITHIN_MS);

    // A terminal's Ctrl-C reaches every process of the group, PostgreSQL included: its end is the stop, not a crash.
    const signalled = server.output().length;
    process.kill(-server.child.pid!, 'SIGINT');
    expect(await ending(server, 60_000)).toBe(0);
    expect(server.output().slice(signalled)).not.toMatch(/stopped unexpectedly|starting it again/);
    expect(clusterPid(dataDir)).toBeNull();
    expect(postgresOf(dataDir)).toEqual([]);
  });

  it('should stop the site with code 1, saying why, when PostgreSQL cannot be started again', async () => {
    // The folder of the first case, already created and seeded: a quicker start.
    const dataDir = path.join(workDir, 'one');
    const server = await startServer({ DATA_DIR: dataDir, WORKERS: '2' });
    const killed = clusterPid(dataDir)!;
    // The cluster's folder gone at once (a removal would race the server's writes), then its server.
    await fs.rename(path.join(dataDir, 'postgres'), path.join(dataDir, 'postgres-gone'));
    process.kill(killed, 'SIGKILL');
    expect(await ending(server, 90_000)).toBe(1);
    expect(server.output()).toMatch(/stopped unexpectedly \(SIGKILL\)/);
    expect(server.output()).toMatch(
      /could not be started again: it stopped or failed to start 10 times within a minute/,
    );
    expect(postgresOf(dataDir)).toEqual([]);
  });
});
