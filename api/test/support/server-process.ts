import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * The server as `npm start` runs it (the built `api/dist/src/main.js`, port 0), started as a child process, for
 * the tests of what only a real process shows: signals, kills, restarts on the same DATA_DIR.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
export const mainJs = path.join(repoRoot, 'api', 'dist', 'src', 'main.js');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote, stdout and stderr. */
  output: () => string;
  exited: Promise<number | null>;
}

export interface ReadyServer extends ServerProcess {
  port: number;
  base: string;
}

const launched: ChildProcess[] = [];

/** Kills whatever a failing test left running. */
export function killLaunched(): void {
  for (const child of launched) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts the server with the environment's variables (DATABASE_URL left out unless given) and `env`; `detached`, in
 * a process group of its own, as a terminal runs it (a Ctrl-C is then `process.kill(-pid, 'SIGINT')`).
 */
export function launch(env: Record<string, string>, options: { detached?: boolean } = {}): ServerProcess {
  // One process unless a test asks for more (WORKERS defaults to one per core).
  const full: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'log',
    WORKERS: '1',
    ...env,
  };
  if (!env.DATABASE_URL) delete full.DATABASE_URL;
  const child = spawn(process.execPath, [mainJs], { cwd: repoRoot, env: full, detached: options.detached });
  launched.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts the server and waits for its `Ready in … ms` line (a first start creates a cluster, migrates, seeds). */
export async function startServer(
  env: Record<string, string>,
  options: { detached?: boolean } = {},
): Promise<ReadyServer> {
  const server = launch(env, options);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ready = /Ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(server.output());
    if (ready) return { ...server, port: Number(ready[1]), base: `http://127.0.0.1:${ready[1]}` };
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    if (Date.now() > deadline) {
      server.child.kill('SIGKILL');
      throw new Error(`server not ready after 180 s:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pid of the embedded cluster in `dataDir` (its lock file's first line), or `null` when it has none. */
export function clusterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A client of the product's database in the embedded cluster of `dataDir`, while it runs (for checking state),
 * through `host` (an address the cluster listens on).
 */
export async function clusterClient(dataDir: string, host = '127.0.0.1'): Promise<pg.Client> {
  const lock = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  // The lock file's fourth line is the port.
  const client = new pg.Client({
    host,
    port: Number(lock[3]),
    user: 'postgres',
    password,
    database: 'site',
  });
  await client.connect();
  return client;
}

/** A port nothing listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
