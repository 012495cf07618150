import { spawn } from 'node:child_process';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { TWO_STEP_NEEDED } from '@site/shared-types';
import { Secret, TOTP } from 'otpauth';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../src/core/command.js';
import { md5 } from './support/admin-session.js';
import {
  alive,
  clusterClient,
  clusterPid,
  killLaunched,
  mainJs,
  startServer,
  type ReadyServer,
} from './support/server-process.js';
import { TEST_ADMIN } from './support/test-app.js';

/**
 * `npm run admin -- reset-password [<e-mail>]` and `reset-2fa [<e-mail>]` (src/admin-command.ts) as the built program the
 * Docker image runs, in a child process, on the embedded database of a DATA_DIR: while the real server runs on it
 * (the command goes through the server's PostgreSQL) and while it is stopped (the command starts the cluster for
 * itself). Also what each command says when the data folder has no database yet.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const PROGRAMS = {
  admin: path.join(repoRoot, 'api', 'dist', 'src', 'admin-command.js'),
  backup: path.join(repoRoot, 'api', 'dist', 'src', 'backup-command.js'),
  release: path.join(repoRoot, 'api', 'dist', 'src', 'release-command.js'),
};
const NEW_PASSWORD = /^New password \(shown only this once\): (\S+)$/m;

let workDir: string;
let dataDir: string;
let server: ReadyServer | null = null;

beforeAll(async () => {
  for (const file of [mainJs, ...Object.values(PROGRAMS)]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` (npm test does it first)`);
  }
  workDir = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'admin-command-'));
  await fs.chmod(workDir, 0o755);
  dataDir = path.join(workDir, 'data');
});

afterAll(() => {
  killLaunched();
  const pid = clusterPid(dataDir);
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
});

/** Runs a built command as a program, as `node api/dist/src/…` in the image, with the settings `npm start` has. */
function run(program: keyof typeof PROGRAMS, args: string[], env: Record<string, string> = {}) {
  const full: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'error', DATA_DIR: dataDir, ...env };
  for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) if (!(name in env)) delete full[name];
  const child = spawn(process.execPath, [PROGRAMS[program], ...args], { cwd: repoRoot, env: full });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out, err })),
  );
}

/** The administrator's password: the one the site started with, then each one a reset printed. */
let current = TEST_ADMIN.password;

async function post(route: string, body: object, token?: string) {
  const res = await fetch(server!.base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as {
    code: number;
    msg: string;
    data: { token?: string; secret?: string; codes?: string[] } | null;
  };
}

const login = (password: string, email = TEST_ADMIN.email, code?: string) =>
  post('/api/login', { email, password: md5(password), code });
const messages = (token: string) => post('/api/leavewords', { page: 1, search: '' }, token);

async function stop(): Promise<void> {
  server!.child.kill('SIGTERM');
  expect(await server!.exited).toBe(0);
  server = null;
}

// Each server start opens (the first time: creates, migrates and seeds) the cluster: allow for a slow machine.
const SLOW = 120_000;

describe('npm run admin -- reset-password', () => {
  it(
    'should replace the password while the site runs: its sessions end, the old password fails, the printed one logs in',
    async () => {
      server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: TEST_ADMIN.password });
      const sessions = [];
      for (let i = 0; i < 2; i++) {
        const answer = await login(current);
        expect(answer.code).toBe(0);
        sessions.push(answer.data!.token!);
      }
      expect((await messages(sessions[0]!)).code).toBe(0);
      // Someone who forgot the password tried a few: five wrong ones block the account from this address.
      for (let i = 0; i < 5; i++) expect((await login(`not it ${i}`)).msg).toBe('邮箱或密码错误');
      expect((await login(current)).msg).toMatch(/^登录失败次数过多/);

      const cluster = clusterPid(dataDir);
      const reset = await run('admin', ['reset-password']);
      expect(reset).toMatchObject({ code: EXIT_OK, err: '' });
      expect(reset.out).toContain(`Password reset for ${TEST_ADMIN.email}: 2 session(s) ended`);
      const printed = NEW_PASSWORD.exec(reset.out)![1]!;
      expect(printed).toMatch(/^[A-Za-z0-9]{18}$/);
      // The command went through the server's own PostgreSQL, which still runs.
      expect(clusterPid(dataDir)).toBe(cluster);
      expect(alive(cluster!)).toBe(true);

      for (const token of sessions) expect((await messages(token)).code).toBe(3);
      expect((await login(current)).msg).toBe('邮箱或密码错误');
      const fresh = await login(printed);
      expect(fresh.code).toBe(0);
      expect((await messages(fresh.data!.token!)).code).toBe(0);
      current = printed;
    },
    SLOW,
  );

  it('should refuse an e-mail no administrator has, and an unnamed one among several, changing nothing', async () => {
    const wrong = await run('admin', ['reset-password', 'nobody@example.com']);
    expect(wrong).toEqual({
      code: EXIT_FAILED,
      out: '',
      err: `No administrator has the e-mail nobody@example.com. Administrators: ${TEST_ADMIN.email}.\n`,
    });
    // ADMIN_EMAIL names the administrator when the command line does not.
    const configured = await run('admin', ['reset-password'], { ADMIN_EMAIL: 'Other@Example.com' });
    expect(configured.code).toBe(EXIT_FAILED);
    expect(configured.err).toContain('No administrator has the e-mail other@example.com.');

    const client = await clusterClient(dataDir);
    try {
      await client.query(`INSERT INTO admin_user (email, password_hash) VALUES ('second@example.com', 'x')`);
      const unnamed = await run('admin', ['reset-password']);
      expect(unnamed.code).toBe(EXIT_FAILED);
      expect(unnamed.err).toBe(
        'There are 2 administrators: name the one whose password to reset ' +
          `(npm run admin -- reset-password <e-mail>): ${TEST_ADMIN.email}, second@example.com.\n`,
      );
    } finally {
      await client.query(`DELETE FROM admin_user WHERE email = 'second@example.com'`);
      await client.end();
    }
    expect((await login(current)).code).toBe(0);
  });

  it('should answer a wrong command line with exit code 2 and the usage', async () => {
    for (const args of [
      [],
      ['reset'],
      ['reset-password', 'a@example.com', 'b@example.com'],
      ['reset-password', '--all'],
      ['reset-2fa', 'a@example.com', 'b@example.com'],
    ]) {
      const answer = await run('admin', args);
      expect({ args, code: answer.code }).toEqual({ args, code: EXIT_USAGE });
      expect(answer.err).toContain(
        'Usage:\n  npm run admin -- reset-password [<e-mail>]\n  npm run admin -- reset-2fa [<e-mail>]',
      );
      expect(answer.out).toBe('');
    }
  });

  it(
    'should replace the password while the site is stopped, starting the database for itself',
    async () => {
      await stop();
      const reset = await run('admin', ['reset-password', ` ${TEST_ADMIN.email.toUpperCase()} `]);
      expect(reset).toMatchObject({ code: EXIT_OK, err: '' });
      expect(reset.out).toContain(`Password reset for ${TEST_ADMIN.email}: `);
      const printed = NEW_PASSWORD.exec(reset.out)![1]!;
      // The cluster it started is stopped again.
      expect(clusterPid(dataDir)).toBeNull();

      server = await startServer({ DATA_DIR: dataDir });
      expect((await login(current)).msg).toBe('邮箱或密码错误');
      expect((await login(printed)).code).toBe(0);
      current = printed;
      await stop();
    },
    SLOW,
  );
});

describe('npm run admin -- reset-2fa', () => {
  /** The code of the secret's time step `steps` from now. */
  const codeOf = (secret: string, steps = 0) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

  /** Turns two-step sign-in on for the administrator; answers the session it signed in with and the secret. */
  async function turnOn(): Promise<{ token: string; secret: string }> {
    const token = (await login(current)).data!.token!;
    const secret = (await post('/api/twostepsetup', {}, token)).data!.secret!;
    expect((await post('/api/twostepenable', { code: codeOf(secret) }, token)).code).toBe(0);
    expect(await login(current)).toMatchObject({ code: 1, msg: TWO_STEP_NEEDED });
    return { token, secret };
  }

  it(
    'should turn two-step sign-in off while the site runs: its sessions end, the password alone signs in',
    async () => {
      server = await startServer({ DATA_DIR: dataDir });
      const { token, secret } = await turnOn();
      const second = await login(current, TEST_ADMIN.email, codeOf(secret, 1));
      expect(second.code).toBe(0);

      const reset = await run('admin', ['reset-2fa']);
      // Its two sessions, and the one the last test of reset-password left.
      expect(reset).toEqual({
        code: EXIT_OK,
        err: '',
        out:
          `Two-step sign-in turned off for ${TEST_ADMIN.email}: 3 session(s) ended, its failed-login lockouts ` +
          'lifted. (两步验证已关闭。)\n' +
          'Log in at /admin/ with the password alone, then set two-step sign-in up again under 账号安全.\n',
      });
      for (const session of [token, second.data!.token!]) expect((await messages(session)).code).toBe(3);
      const fresh = await login(current);
      expect(fresh.code).toBe(0);
      expect((await messages(fresh.data!.token!)).code).toBe(0);

      // Again: there is nothing to turn off, and the session goes on.
      expect(await run('admin', ['reset-2fa', TEST_ADMIN.email])).toEqual({
        code: EXIT_OK,
        err: '',
        out: `Two-step sign-in was not on for ${TEST_ADMIN.email}; nothing changed. (该账号未开启两步验证。)\n`,
      });
      expect((await messages(fresh.data!.token!)).code).toBe(0);
    },
    SLOW,
  );

  it(
    'should turn it off while the site is stopped, and refuse an e-mail no administrator has',
    async () => {
      await turnOn();
      await stop();
      const wrong = await run('admin', ['reset-2fa', 'nobody@example.com']);
      expect(wrong.code).toBe(EXIT_FAILED);
      expect(wrong.err).toBe(
        `No administrator has the e-mail nobody@example.com. Administrators: ${TEST_ADMIN.email}.\n`,
      );

      const reset = await run('admin', ['reset-2fa', TEST_ADMIN.email.toUpperCase()]);
      expect(reset).toMatchObject({ code: EXIT_OK, err: '' });
      expect(reset.out).toContain(`Two-step sign-in turned off for ${TEST_ADMIN.email}: `);
      expect(clusterPid(dataDir)).toBeNull();

      server = await startServer({ DATA_DIR: dataDir });
      expect((await login(current)).code).toBe(0);
      await stop();
    },
    SLOW,
  );
});

describe('a command on a data folder the site never ran on', () => {
  it.each([
    ['release', ['list'], 'to list releases from'],
    ['release', ['activate', 'desktop', 'r1'], 'to switch releases in'],
    ['backup', ['backup'], 'to back up'],
    ['admin', ['reset-password'], 'to reset a password in'],
    ['admin', ['reset-2fa'], 'to reset two-step sign-in in'],
  ] as const)('%s %s should say there is no database %s', async (program, args, job) => {
    const empty = path.join(workDir, 'never-started');
    const answer = await run(program, [...args], { DATA_DIR: empty });
    expect(answer).toMatchObject({ code: EXIT_FAILED, out: '' });
    expect(answer.err).toBe(
      `There is no database in ${empty} (DATA_DIR) ${job}: the site has not been started on this folder yet. ` +
        'Set DATA_DIR to the folder the site runs on, or DATABASE_URL to its PostgreSQL.\n',
    );
    expect(existsSync(empty)).toBe(false);
  });
});
