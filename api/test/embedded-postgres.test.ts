import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  EmbeddedDatabaseError,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../src/database/embedded-postgres.js';
import { until } from './support/until.js';

/**
 * The embedded PostgreSQL (src/database/embedded-postgres.ts): its start when the port it found free is taken before
 * the server listens on it, as any connection the machine opens meanwhile may be given that port; and its
 * supervision, which starts a server that died again, stops once, and gives up on a cluster that cannot start.
 */

let work: string;
let taken: net.Server;
let takenPort: number;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'embedded-'));
  // Run as root, PostgreSQL runs as the postgres user, who must be able to enter the folder.
  await fs.chmod(work, 0o755);
  taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  await fs.rm(work, { recursive: true, force: true });
});

/** A free loopback port, found the way the start finds one. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the embedded PostgreSQL start', () => {
  it('should listen on another free port when the one it found is taken before it starts', async () => {
    const lines: string[] = [];
    const found = [takenPort];
    const database = await startEmbeddedPostgres({
      dataDir: path.join(work, 'moved'),
      log: (line) => lines.push(line),
      freePort: async () => found.shift() ?? freePort(),
    });
    try {
      expect(database.port).not.toBe(takenPort);
      expect(lines).toContain(`Port ${takenPort} was taken before PostgreSQL could listen on it; trying another`);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        expect((await client.query('SELECT current_database() AS name')).rows).toEqual([{ name: 'site' }]);
      } finally {
        await client.end();
      }
    } finally {
      await database.stop();
    }
  });

  it('should refuse a fixed port that is taken, saying why', async () => {
    const start = startEmbeddedPostgres({ dataDir: path.join(work, 'fixed'), port: takenPort });
    await expect(start).rejects.toThrow(EmbeddedDatabaseError);
    await expect(start).rejects.toThrow(/did not start[\s\S]*Address already in use/);
  });
});

/** The pid in the lock file of the cluster in `dataDir`, `null` without one. */
function lockPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

/** The PostgreSQL servers (postmasters: their command line names the folder) of the cluster in `dataDir`. */
function serversOf(dataDir: string): number[] {
  const clusterDir = path.join(dataDir, 'postgres');
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(clusterDir)) found.push(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/** The rows of `text` in the cluster's database, or `null` while it does not answer. */
async function query(database: EmbeddedDatabase, text: string): Promise<unknown[] | null> {
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query(text)).rows;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('the supervised embedded PostgreSQL', () => {
  it('should start a server that was killed again, on the same folder and port, with its data', async () => {
    const dataDir = path.join(work, 'supervised');
    const lines: string[] = [];
    const database = await startEmbeddedPostgres({ dataDir, supervise: true, log: (line) => lines.push(line) });
    try {
      expect(await query(database, 'CREATE TABLE kept (word text); INSERT INTO kept VALUES ($$还在$$)')).not.toBeNull();
      const killed = lockPid(dataDir)!;
      process.kill(killed, 'SIGKILL');
      await until(async () => (await query(database, 'SELECT word FROM kept')) !== null, 'the server to answer again');
      expect(await query(database, 'SELECT word FROM kept')).toEqual([{ word: '还在' }]);
      expect(lockPid(dataDir)).not.toBe(killed);
      expect(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]).toBe(
        String(database.port),
      );
      expect(lines).toContainEqual(
        `The embedded PostgreSQL server (pid ${killed}) stopped unexpectedly (SIGKILL); starting it again on port ${database.port}`,
      );
      expect(lines.some((line) => line.startsWith(`Embedded PostgreSQL is back on port ${database.port} after`))).toBe(
        true,
      );
    } finally {
      // Stopped once, however often asked; and not started again.
      await Promise.all([database.stop(), database.stop()]);
    }
    expect(serversOf(dataDir)).toEqual([]);
    expect(lockPid(dataDir)).toBeNull();
    await database.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines.filter((line) => line.includes('stopped unexpectedly'))).toHaveLength(1);
  });

  it('should end the processes of the killed server that still hold its shared memory', async () => {
    const dataDir = path.join(work, 'held');
    const lines: string[] = [];
    const database = await startEmbeddedPostgres({ dataDir, supervise: true, log: (line) => lines.push(line) });
    const busy = new pg.Client({ connectionString: database.url });
    busy.on('error', () => undefined);
    await busy.connect();
    try {
      // A backend busy with a query of minutes notices its server's death only when the query is done.
      const counting = busy.query('SELECT count(*) FROM generate_series(1, 2000000000)').catch(() => undefined);
      const active = `SELECT 1 FROM pg_stat_activity WHERE query LIKE '%2000000000%' AND pid <> pg_backend_pid()`;
      await until(async () => ((await query(database, active)) ?? []).length > 0, 'the busy query');
      process.kill(lockPid(dataDir)!, 'SIGKILL');
      await until(async () => (await query(database, 'SELECT 1')) !== null, 'the server to answer again');
      expect(lines.some((line) => line.includes('pre-existing shared memory block'))).toBe(true);
      expect(lines.some((line) => line.startsWith("Ended the dead server's processes that still held"))).toBe(true);
      await counting;
    } finally {
      await busy.end().catch(() => undefined);
      await database.stop();
    }
  });

  it('should stop a cluster whose restart is under way, leaving no server behind', async () => {
    const dataDir = path.join(work, 'stopped-meanwhile');
    const lines: string[] = [];
    const database = await startEmbeddedPostgres({ dataDir, supervise: true, log: (line) => lines.push(line) });
    process.kill(lockPid(dataDir)!, 'SIGKILL');
    await until(() => lines.some((line) => line.includes('stopped unexpectedly')), 'the restart to begin');
    await database.stop();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(serversOf(dataDir)).toEqual([]);
  });

  it('should give up, saying why, on a cluster that cannot be started again', async () => {
    const dataDir = path.join(work, 'destroyed');
    const lines: string[] = [];
    const database = await startEmbeddedPostgres({
      dataDir,
      supervise: { delaysMs: [0, 100], maxFailures: 4, windowMs: 60_000 },
      log: (line) => lines.push(line),
    });
    const killed = lockPid(dataDir)!;
    // The cluster's folder gone at once (a removal would race the server's writes), then its server.
    await fs.rename(path.join(dataDir, 'postgres'), path.join(dataDir, 'postgres-gone'));
    process.kill(killed, 'SIGKILL');
    const error = await database.lost;
    expect(error).toBeInstanceOf(EmbeddedDatabaseError);
    expect(error.message).toMatch(/could not be started again: it stopped or failed to start 4 times within a minute/);
    expect(error.message).toContain(path.join(dataDir, 'postgres'));
    // The crash, then three attempts, each saying why it failed.
    expect(lines.filter((line) => /did not start again \(attempt \d[,)]/.test(line))).toHaveLength(3);
    await database.stop();
    expect(serversOf(dataDir)).toEqual([]);
  });

  it('should leave a server that was not asked to be supervised stopped', async () => {
    const dataDir = path.join(work, 'unsupervised');
    const lines: string[] = [];
    const database = await startEmbeddedPostgres({ dataDir, log: (line) => lines.push(line) });
    const killed = lockPid(dataDir)!;
    process.kill(killed, 'SIGKILL');
    await until(() => serversOf(dataDir).length === 0, 'the server to be gone');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(serversOf(dataDir)).toEqual([]);
    expect(lines.filter((line) => line.includes('stopped unexpectedly'))).toEqual([]);
    // Stopping a server that died already answers at once.
    await database.stop();
  });
});
