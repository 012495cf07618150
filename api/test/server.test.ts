import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The server as `npm start` runs it (the built `api/dist/src/main.js`, embedded PostgreSQL, port 0):
 * start-up, serving, orderly shutdown on SIGTERM/SIGINT, restart on the same data, recovery after a kill,
 * and the clear failures for bad configuration. `npm test` builds before it runs the tests.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const mainJs = path.join(repoRoot, 'api', 'dist', 'src', 'main.js');
const isRoot = process.getuid?.() === 0;

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }));
}

/** The unprivileged account for the "normal user" run, when the checkout is readable by it (not under /root). */
function runnableAsNobody(): { uid: number; gid: number } | null {
  if (!isRoot) return null;
  const nobody = { uid: idOf('-u', 'nobody'), gid: idOf('-g', 'nobody') };
  const probe = spawnSync(process.execPath, ['-e', `require('fs').readFileSync(${JSON.stringify(mainJs)})`], nobody);
  if (probe.status !== 0) {
    console.warn(`The checkout is not readable by "nobody": the normal-user run is left out here.`);
    return null;
  }
  return nobody;
}

interface Server {
  child: ChildProcess;
  output: () => string;
  port: number;
  exited: Promise<number | null>;
}

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'log',
    WORKERS: '1',
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}

const launched: ChildProcess[] = [];

function launch(env: Record<string, string>, options: { uid?: number; gid?: number; detached?: boolean } = {}) {
  const child = spawn(process.execPath, [mainJs], { cwd: repoRoot, env: baseEnv(env), ...options });
  launched.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * How a run ended: `exit N`, followed by everything the server printed when N is not the expected code, so that a
 * failure shows why.
 */
async function ending(run: Pick<Server, 'exited' | 'output'>, expected: number): Promise<string> {
  const code = await run.exited;
  return code === expected ? `exit ${code}` : `exit ${code}:\n${run.output()}`;
}

async function start(
  env: Record<string, string>,
  options: { uid?: number; gid?: number; detached?: boolean } = {},
): Promise<Server> {
  const launched = launch(env, options);
  const deadline = Date.now() + 180_000;
  for (;;) {
    const ready = /Ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(launched.output());
    if (ready) return { ...launched, port: Number(ready[1]) };
    if (launched.child.exitCode !== null) throw new Error(`server exited early:\n${launched.output()}`);
    if (Date.now() > deadline) {
      launched.child.kill('SIGKILL');
      throw new Error(`server not ready after 180 s:\n${launched.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api(server: Server, method: 'GET' | 'POST', route: string, body?: object) {
  const res = await fetch(`http://127.0.0.1:${server.port}${route}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { code: number; msg: string; data: unknown } };
}

function clusterPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let workDir: string;
beforeAll(async () => {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run \`npm run build\` (npm test does it first)`);
  workDir = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'server-'));
  await fs.chmod(workDir, 0o755);
});

// Whatever a failing test left behind: servers, and clusters orphaned by a killed server.
afterAll(async () => {
  for (const child of launched) if (child.exitCode === null) child.kill('SIGKILL');
  for (const entry of await fs.readdir(workDir)) {
    const pid = clusterPid(path.join(workDir, entry));
    if (pid && alive(pid)) process.kill(pid, 'SIGINT');
  }
});

// Each start initialises or opens a cluster, migrates and seeds: allow for a slow machine.
const SLOW = 120_000;

describe('the server', () => {
  it(
    'should start on an empty DATA_DIR, serve seeded content, and stop cleanly on SIGTERM and SIGINT',
    async () => {
      const dataDir = path.join(workDir, 'data');
      const first = await start({ DATA_DIR: dataDir });
      try {
        const header = await api(first, 'GET', '/api/header');
        expect(header.status).toBe(200);
        expect(header.body.code).toBe(0);
        const keywords = await api(first, 'POST', '/api/keyswords');
        expect((keywords.body.data as unknown[]).length).toBe(3);
        const page = await fetch(`http://127.0.0.1:${first.port}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('云帆科技');
        // No ADMIN_PASSWORD: a generated one is printed once, and it logs in.
        const printed = /Administrator created: (\S+) with the generated password (\S+) /.exec(first.output());
        expect(printed?.[1]).toBe('admin@yunfan.example.com');
        expect(printed![2]).toMatch(/^[A-Za-z2-9]{18}$/);
        const md5 = createHash('md5').update(printed![2]!).digest('hex');
        const login = await api(first, 'POST', '/api/login', { email: printed![1], password: md5 });
        expect(login.body.code).toBe(0);
      } finally {
        first.child.kill('SIGTERM');
      }
      expect(await ending(first, 0)).toBe('exit 0');
      expect(first.output()).toMatch(/SIGTERM received, shutting down/);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

      // Same data: no second seed, the content is still there.
      const second = await start({ DATA_DIR: dataDir });
      try {
        expect(second.output()).not.toMatch(/Seeded the demo content/);
        expect(second.output()).not.toMatch(/generated password/);
        expect((await api(second, 'GET', '/api/webcase')).body.code).toBe(0);
      } finally {
        second.child.kill('SIGINT');
      }
      expect(await ending(second, 0)).toBe('exit 0');
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    },
    SLOW,
  );

  it(
    'should stop quietly on Ctrl-C, which reaches the embedded PostgreSQL too, and log without colours to a pipe',
    async () => {
      // A terminal's Ctrl-C signals the whole process group: the server and the PostgreSQL it started.
      const server = await start({ DATA_DIR: path.join(workDir, 'ctrl-c') }, { detached: true });
      expect((await api(server, 'GET', '/api/header')).body.code).toBe(0);
      process.kill(-server.child.pid!, 'SIGINT');
      expect(await ending(server, 0)).toBe('exit 0');
      const afterSignal = server.output().slice(server.output().indexOf('SIGINT received'));
      expect(afterSignal).not.toMatch(/pool|terminating connection|error/i);
      expect(server.output()).not.toContain('\x1b[');
    },
    SLOW,
  );

  it(
    'should say clearly that the port is taken, without a stack trace',
    async () => {
      const taken = net.createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as net.AddressInfo;
      try {
        const run = launch({ DATA_DIR: path.join(workDir, 'port-taken'), PORT: String(port) });
        expect(await ending(run, 1)).toBe('exit 1');
        expect(run.output()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
        expect(run.output()).toContain(`PORT=${port + 1} npm start`);
        expect(run.output()).not.toMatch(/successfully started|^\s+at /m);
      } finally {
        taken.close();
      }
    },
    SLOW,
  );

  it(
    'should recover a cluster left running by a killed server',
    async () => {
      const dataDir = path.join(workDir, 'killed');
      const first = await start({ DATA_DIR: dataDir });
      const orphan = clusterPid(dataDir);
      first.child.kill('SIGKILL');
      await first.exited;
      expect(orphan).not.toBeNull();
      expect(alive(orphan!)).toBe(true);

      const second = await start({ DATA_DIR: dataDir });
      try {
        expect(second.output()).toMatch(/left running by an earlier start/);
        expect(alive(orphan!)).toBe(false);
        expect((await api(second, 'GET', '/api/footer')).body.code).toBe(0);
      } finally {
        second.child.kill('SIGTERM');
      }
      expect(await ending(second, 0)).toBe('exit 0');
    },
    SLOW,
  );

  it(
    'should refuse a bad variable with a message naming it',
    async () => {
      const run = launch({ DATA_DIR: path.join(workDir, 'unused'), PORT: 'eighty' });
      expect(await ending(run, 1)).toBe('exit 1');
      expect(run.output()).toMatch(/Invalid configuration: PORT/);
    },
    SLOW,
  );

  it(
    'should refuse a DATA_DIR that is a file',
    async () => {
      const file = path.join(workDir, 'not-a-folder');
      await fs.writeFile(file, 'x');
      const run = launch({ DATA_DIR: file });
      expect(await ending(run, 1)).toBe('exit 1');
      expect(run.output()).toContain(`DATA_DIR "${file}"`);
    },
    SLOW,
  );

  if (isRoot) {
    it(
      'should explain when the postgres user cannot reach DATA_DIR (running as root)',
      async () => {
        const closed = path.join(workDir, 'closed');
        await fs.mkdir(closed, { mode: 0o700 });
        await fs.chmod(closed, 0o700);
        const run = launch({ DATA_DIR: path.join(closed, 'data') });
        expect(await ending(run, 1)).toBe('exit 1');
        expect(run.output()).toMatch(/"postgres" system user, which cannot enter ".*closed" \(mode 700\)/);
      },
      SLOW,
    );
  }

  const nobody = runnableAsNobody();
  if (nobody) {
    it(
      'should also run as a normal user',
      async () => {
        const dataDir = path.join(workDir, 'as-nobody');
        await fs.mkdir(dataDir);
        await fs.chown(dataDir, nobody.uid, nobody.gid);
        const server = await start({ DATA_DIR: dataDir, HOME: dataDir }, nobody);
        try {
          expect((await api(server, 'GET', '/api/index')).body.code).toBe(0);
          const owner = (await fs.stat(path.join(dataDir, 'postgres', 'PG_VERSION'))).uid;
          expect(owner).toBe(nobody.uid);
        } finally {
          server.child.kill('SIGTERM');
        }
        expect(await ending(server, 0)).toBe('exit 0');
      },
      SLOW,
    );
  }

  if (!isRoot) {
    it(
      'should explain when DATA_DIR cannot be created',
      async () => {
        const run = launch({ DATA_DIR: '/proc/forbidden/data' });
        expect(await ending(run, 1)).toBe('exit 1');
        expect(run.output()).toContain('DATA_DIR "/proc/forbidden/data" cannot be created');
      },
      SLOW,
    );
  }
});
