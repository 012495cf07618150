import { type ChildProcess, spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { HeaderData, ShareData } from '@site/shared-types';
import { md5 } from './support/admin-session.js';
import { FakeWechat } from './support/fake-wechat.js';
import { createTestApp, TEST_ADMIN, type TestApp } from './support/test-app.js';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer without sticky sessions: a write through
 * one is served fresh by the other within a second (the content version's NOTIFY), sessions and login lockouts
 * hold on both, and the WeChat credentials are fetched once for both.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const mainJs = path.join(repoRoot, 'api', 'dist', 'src', 'main.js');

interface Instance {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [mainJs], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'log', WORKERS: '1', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setInterval(() => {
      const ready = /Ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(output);
      if (ready) resolve(Number(ready[1]));
      else if (child.exitCode !== null) reject(new Error(`an instance exited:\n${output}`));
      else if (Date.now() - started > 60_000) reject(new Error(`an instance was not ready after 60 s:\n${output}`));
      else return;
      clearInterval(timer);
    }, 50);
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

async function call<T>(instance: Instance, route: string, body?: object, token?: string) {
  const res = await fetch(`${instance.base}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { cache: res.headers.get('x-cache'), body: (await res.json()) as { code: number; msg: string; data: T } };
}

let owner: TestApp;
let a: Instance;
let b: Instance;
const wechat = new FakeWechat();
let dataDir: string;

beforeAll(async () => {
  // The database (migrated and seeded) comes from a test app; the two instances are real server processes.
  owner = await createTestApp();
  dataDir = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'instances-'));
  wechat.delayMs = 200;
  const env = {
    DATABASE_URL: owner.databaseUrl,
    DATA_DIR: dataDir,
    WECHAT_APPID: 'wx-test-app',
    WECHAT_SECRET: 'test-secret',
    WECHAT_API_BASE: await wechat.start(),
  };
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
});

afterAll(async () => {
  for (const instance of [a, b]) {
    if (!instance || instance.child.exitCode !== null) continue;
    instance.child.kill('SIGTERM');
    await new Promise((resolve) => instance.child.once('exit', resolve));
  }
  await wechat.stop();
  await owner.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function login(instance: Instance, password = TEST_ADMIN.password) {
  return call<{ token: string }>(instance, '/api/login', { email: TEST_ADMIN.email, password: md5(password) });
}

describe('two instances on one database', () => {
  it('should serve a write made through one fresh from the other within a second', async () => {
    await call(b, '/api/header');
    expect((await call(b, '/api/header')).cache).toBe('HIT');
    const token = (await login(a)).body.data.token;
    const block = (await call<Record<string, { alt: string }>>(a, '/api/getheader', {}, token)).body.data;
    const saved = await call(a, '/api/amendheader', { ...block, logo: { ...block.logo, alt: '两实例测试' } }, token);
    expect(saved.body.code).toBe(0);
    const written = Date.now();
    let seen = await call<HeaderData>(b, '/api/header');
    while (seen.body.data.logo.alt !== '两实例测试' && Date.now() - written < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await call<HeaderData>(b, '/api/header');
    }
    expect(seen.body.data.logo.alt).toBe('两实例测试');
    expect(Date.now() - written).toBeLessThan(1000);
  });

  it('should accept a token from one on the other, and end it on both at logout', async () => {
    const token = (await login(a)).body.data.token;
    expect((await call(b, '/api/getheader', {}, token)).body.code).toBe(0);
    expect((await call(b, '/api/quit', {}, token)).body.code).toBe(0);
    expect((await call(a, '/api/getheader', {}, token)).body.code).toBe(3);
  });

  it('should hold a login lockout earned on one on the other', async () => {
    let last = '';
    for (let i = 0; i < 6; i++) last = (await login(a, `wrong-password-${i}`)).body.msg;
    expect(last).toMatch(/登录失败次数过多/);
    const onB = await login(b, TEST_ADMIN.password);
    expect({ code: onB.body.code, msg: onB.body.msg }).toEqual({
      code: 1,
      msg: expect.stringMatching(/登录失败次数过多/),
    });
  });

  it('should fetch the WeChat token and ticket once for both', async () => {
    const url = 'https://www.yunfan.test/move/index.html';
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((instance) => call<ShareData>(instance, '/api/share', { url })),
    );
    for (const answer of answers) expect(answer.body.code).toBe(0);
    expect({ token: wechat.tokenCalls, ticket: wechat.ticketCalls }).toEqual({ token: 1, ticket: 1 });
    expect(a.output()).not.toMatch(/ERROR/);
    expect(b.output()).not.toMatch(/ERROR/);
  });
});
