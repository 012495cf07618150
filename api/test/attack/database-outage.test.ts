import { promises as fs } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { HeaderData } from '@site/shared-types';
import { AppLogger } from '../../src/core/app-logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/database/embedded-postgres.js';
import { login } from '../support/admin-session.js';
import { FakeBaidu } from '../support/fake-baidu.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The database going away under load (docs/decisions.md "Fault tolerance"): 50 clients keep asking for a mix of
 * cached and uncached answers and admin writes while PostgreSQL is cut off (a relay dropped) and while it is
 * really stopped (`SIGQUIT`: an immediate shutdown, then a start that recovers from the log). The database has a
 * cluster of its own, since this file stops it.
 */

/** The slowest answer allowed while the database is gone: the pool's 3 s connection timeout, plus a margin. */
const SLOWEST_MS = 4000;
/** Every kind of request works again within this time once the database is back. */
const RECOVERY_MS = 5000;

const SITE = 'www.yunfan.test';

interface Kind {
  name: string;
  /** Answered from the published-content cache: 200 throughout. */
  cached: boolean;
  /** The status of a good answer (a page of no case is a 404 page), 200 when not given. */
  healthy?: number;
  send: (base: string) => Promise<Response>;
}

interface Answer {
  kind: Kind;
  start: number;
  end: number;
  status: number;
  retryAfter: string | null;
  code: number | null;
  error?: string;
}

const log: Array<{ level: string; msg: string }> = [];
const logger = new AppLogger(['error', 'warn', 'log'], {
  format: 'json',
  sink: (line) => log.push(JSON.parse(line) as { level: string; msg: string }),
});
const unhandled: unknown[] = [];
const noteUnhandled = (reason: unknown) => unhandled.push(reason);

let cluster: EmbeddedDatabase;
let dataDir: string;
let t: TestApp;
let proxy: TcpProxy;
let base: string;
let token: string;
let messageId: number;
const baidu = new FakeBaidu();

beforeAll(async () => {
  process.on('unhandledRejection', noteUnhandled);
  dataDir = path.join(process.env.TEST_ROOT ?? '/tmp', `outage-${process.pid}`);
  cluster = await startEmbeddedPostgres({ dataDir, database: 'site' });
  proxy = new TcpProxy('127.0.0.1', cluster.port);
  await proxy.start();
  const relayed = new URL(cluster.url);
  relayed.port = String(proxy.port);
  t = await createTestApp(
    { BAIDU_PUSH_TOKEN: 'test-token', BAIDU_PUSH_SITE: SITE, BAIDU_PUSH_API: await baidu.start() },
    { databaseUrl: relayed.toString(), logger },
  );
  await t.app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  token = await login(t);
  const [message] = await t.sql<{ id: number }>(
    `INSERT INTO message (name, phone, content, ip, user_agent) VALUES ('客户', '13800138000', '咨询', '', '') RETURNING id`,
  );
  messageId = message!.id;
});

afterAll(async () => {
  process.off('unhandledRejection', noteUnhandled);
  await proxy.start();
  await t?.close();
  await proxy.stop();
  await cluster?.stop();
  await baidu.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const json = (body: object, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
});
let counter = 0;
const KINDS: Kind[] = [
  { name: 'cached read', cached: true, send: (b) => fetch(`${b}/api/header`) },
  { name: 'cached POST read', cached: true, send: (b) => fetch(`${b}/api/items`, json({ menu: 3 })) },
  { name: 'cached page', cached: true, send: (b) => fetch(`${b}/about.html`, { headers: { host: SITE } }) },
  {
    name: 'uncached search',
    cached: false,
    send: (b) => fetch(`${b}/api/search`, json({ keyword: `词${counter++}`, type: 1, amount: 3, page: 0 })),
  },
  {
    name: 'uncached page',
    cached: false,
    healthy: 404,
    send: (b) => fetch(`${b}/details/${900_000 + counter++}.html`, { headers: { host: SITE } }),
  },
  { name: 'admin read', cached: false, send: (b) => fetch(`${b}/api/case`, json({}, { token })) },
  {
    name: 'admin write',
    cached: false,
    send: (b) => fetch(`${b}/api/readleaveword`, json({ id: messageId, read: counter++ % 2 === 0 }, { token })),
  },
  { name: 'health', cached: false, send: (b) => fetch(`${b}/api/health`) },
];

async function ask(kind: Kind): Promise<Answer> {
  const start = performance.now();
  try {
    const res = await kind.send(base);
    const text = await res.text();
    let code: number | null = null;
    if (res.headers.get('content-type')?.includes('json')) code = (JSON.parse(text) as { code: number }).code;
    const retryAfter = res.headers.get('retry-after');
    return { kind, start, end: performance.now(), status: res.status, retryAfter, code };
  } catch (error) {
    return { kind, start, end: performance.now(), status: 0, retryAfter: null, code: null, error: String(error) };
  }
}

const success = (answer: Answer) =>
  answer.status === (answer.kind.healthy ?? 200) && (answer.code === null || answer.code === 0);

/**
 * Runs 50 clients through the kinds while `down()` takes the database away and `up()` brings it back, and answers
 * what they got, with the moments the database went and came back.
 */
async function outage(down: () => Promise<void>, up: () => Promise<void>) {
  const answers: Answer[] = [];
  let running = true;
  const clients = Array.from({ length: 50 }, async (_, client) => {
    for (let i = client; running; i++) answers.push(await ask(KINDS[i % KINDS.length]!));
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const wentAt = performance.now();
  await down();
  const downAt = performance.now();
  // Long enough for the pool's connections to be found dead and every kind to be asked many times.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const during = performance.now();
  await up();
  const backAt = performance.now();
  // Until every kind has been answered well, from a request started after the last failure.
  for (;;) {
    const failures = answers.filter((a) => !success(a) && a.start >= backAt);
    const lastFailure = Math.max(backAt, ...failures.map((a) => a.end));
    const recovered = KINDS.every((kind) =>
      answers.some((a) => a.kind === kind && a.start > lastFailure && success(a)),
    );
    if (recovered || performance.now() - backAt > RECOVERY_MS + 2000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  running = false;
  await Promise.all(clients);
  return { answers, wentAt, downAt, during, backAt };
}

function check({ answers, downAt, during, backAt }: Awaited<ReturnType<typeof outage>>) {
  expect(answers.filter((a) => a.error).map((a) => `${a.kind.name}: ${a.error}`)).toEqual([]);
  // A failure is the 503 envelope with Retry-After, nothing else; cached answers never fail.
  const badFailures = answers.filter((a) => a.status >= 500 && (a.status !== 503 || a.retryAfter !== '5'));
  expect(badFailures.map((a) => `${a.kind.name}: ${a.status} Retry-After ${a.retryAfter}`)).toEqual([]);
  expect(answers.filter((a) => a.kind.cached && a.status !== 200).map((a) => a.kind.name)).toEqual([]);
  const otherStatuses = answers.filter((a) => !success(a) && a.status !== 503);
  expect(otherStatuses.map((a) => `${a.kind.name}: ${a.status}`)).toEqual([]);
  // While down, every uncached kind was refused (the outage was real), health included.
  const whileDown = answers.filter((a) => a.start >= downAt && a.end <= during);
  for (const kind of KINDS.filter((k) => !k.cached)) {
    const refused = whileDown.filter((a) => a.kind === kind && a.status === 503);
    expect({ kind: kind.name, refused: refused.length > 0 }).toEqual({ kind: kind.name, refused: true });
  }
  const slowest = Math.max(...answers.map((a) => a.end - a.start));
  expect(slowest).toBeLessThan(SLOWEST_MS);
  // Back within RECOVERY_MS: no failure of a request started later than that after the database returned.
  const failuresAfter = answers.filter((a) => !success(a) && a.start >= backAt);
  const recovery = Math.max(0, ...failuresAfter.map((a) => a.end - backAt));
  expect(recovery).toBeLessThanOrEqual(RECOVERY_MS);
  for (const kind of KINDS) expect(answers.some((a) => a.kind === kind && a.start > backAt && success(a))).toBe(true);
  return { answers: answers.length, slowest: Math.round(slowest), recovery: Math.round(recovery) };
}

describe('the database gone under load', () => {
  it('should serve what is cached, refuse the rest fast with 503, and recover when the relay is restored', async () => {
    for (const kind of KINDS) expect(success(await ask(kind))).toBe(true);
    const before = ((await (await fetch(`${base}/api/header`)).json()) as { data: HeaderData }).data.logo.alt;
    const run = await outage(
      async () => {
        await proxy.stop();
        // Another instance, still connected, changes the header meanwhile: the announcement never reaches this one.
        const other = new pg.Client({ connectionString: cluster.url });
        await other.connect();
        await other.query(
          `UPDATE site_block SET value = jsonb_set(value, '{logo,alt}', '"停机期间的修改"') WHERE key = 'header'`,
        );
        await other.end();
      },
      () => proxy.start(),
    );
    const figures = check(run);
    expect(figures.answers).toBeGreaterThan(200);
    // The listener reconnected and emptied the cache: the change made while this one was cut off is served, in time.
    const alt = async () => ((await (await fetch(`${base}/api/header`)).json()) as { data: HeaderData }).data.logo.alt;
    while ((await alt()) !== '停机期间的修改' && performance.now() - run.backAt < RECOVERY_MS + 2000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect({ before, after: await alt(), fresh: performance.now() - run.backAt <= RECOVERY_MS }).toEqual({
      before: expect.not.stringMatching('停机期间的修改'),
      after: '停机期间的修改',
      fresh: true,
    });
  });

  it('should do the same when PostgreSQL itself stops at once and starts again', async () => {
    const run = await outage(
      async () => {
        const pid = Number(
          (await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
        );
        process.kill(pid, 'SIGQUIT');
        while ((await fs.stat(path.join(dataDir, 'postgres', 'postmaster.pid')).catch(() => null)) !== null) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      async () => {
        // A start after an immediate shutdown replays the log; it listens on a new port, behind the same relay.
        cluster = await startEmbeddedPostgres({ dataDir, database: 'site' });
        proxy.retarget(cluster.port);
      },
    );
    check(run);
  });

  it('should have kept its background work alive, with nothing unhandled and the outage logged briefly', async () => {
    // The Baidu push worker survived: a case saved now is pushed at once.
    const saved = await t.http
      .post('/api/amendcase')
      .set('token', token)
      .send({ id: 0, name: '恢复后的案例', top: 2, dict_id: 3, class_id: 1 });
    expect(saved.body.code).toBe(0);
    const path = `/details/${saved.body.data.id}.html`;
    for (let waited = 0; waited < 60_000 && !baidu.pushed.some((url) => url.endsWith(path)); waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(baidu.pushed.some((url) => url.endsWith(path))).toBe(true);
    expect(unhandled).toEqual([]);
    // Thousands of failed requests, a bounded number of lines (BoundedLog: one per 10 s per kind).
    expect(log.filter((line) => line.level === 'error').length).toBeLessThan(20);
  });
});
