import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { login } from '../support/admin-session.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/** The server stays available to visitors while it is attacked, and says so clearly when its database is gone. */

/**
 * Server CPU time (µs) per request for `count` requests sent one after another by a client in another process,
 * so that only the server runs in this process meanwhile. CPU time, unlike latency, does not depend on what
 * else the machine is doing.
 */
async function serverCpuPerRequest(base: string, count: number, request: string): Promise<number> {
  const client = `
    const send = ${request};
    (async () => {
      for (let i = 0; i < ${count}; i++) {
        const res = await send('${base}').catch(() => null);
        if (res) await res.arrayBuffer();
      }
    })();
  `;
  const before = process.cpuUsage();
  const child = spawn(process.execPath, ['-e', client], { stdio: 'inherit' });
  expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / count;
}

describe('deeply nested bodies', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    // Without the cache: the baseline is what an answer costs to compute, not to copy from memory.
    t = await createTestApp({ CACHE: 'false' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  // Refusing reads and drops the rest of the body before closing (so that the client reads the answer: see
  // closeGracefully), which costs about what a small answer costs; parsing such a body used to cost 0.5-1.7 s.
  it('should cost the server no more than twice what GET /api/header costs to answer', async () => {
    const token = await login(t);
    const header = `(base) => fetch(base + '/api/header')`;
    // 400 KB nested 200,000 deep: the body that used to cost 0.5-1.7 s of parsing each.
    const deep = (withToken: boolean) => `(() => {
      const body = '['.repeat(200000) + ']'.repeat(200000);
      return (base) => fetch(base + '/api/amendabout', {
        method: 'POST',
        headers: { 'content-type': 'application/json'${withToken ? `, token: '${token}'` : ''} },
        body,
      });
    })()`;
    await serverCpuPerRequest(base, 50, header);
    // Rounds of the three kinds one after another, and the median of each: a busy moment of the machine then
    // weighs on every kind alike instead of on whichever was being measured.
    const rounds: [number, number, number][] = [];
    for (let round = 0; round < 5; round += 1) {
      rounds.push([
        await serverCpuPerRequest(base, 60, header),
        await serverCpuPerRequest(base, 60, deep(false)),
        await serverCpuPerRequest(base, 60, deep(true)),
      ]);
    }
    const median = (kind: number) => rounds.map((round) => round[kind]!).sort((a, b) => a - b)[2]!;
    const [answered, refusedVisitor, refusedAdmin] = [median(0), median(1), median(2)];
    expect({
      answered,
      refusedVisitor,
      refusedAdmin,
      withinTwice: Math.max(refusedVisitor, refusedAdmin) < 2 * answered,
    }).toEqual({
      answered,
      refusedVisitor,
      refusedAdmin,
      withinTwice: true,
    });
  });

  it('should be answered 400 or 413 with the envelope', async () => {
    const deep = '['.repeat(200000) + ']'.repeat(200000);
    const statuses = new Set<number>();
    for (const token of [undefined, await login(t)]) {
      const res = await fetch(`${base}/api/amendabout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
        body: deep,
      });
      statuses.add(res.status);
      expect(await res.json()).toEqual({ code: 1, msg: expect.stringMatching(/请求/), data: null });
    }
    expect([...statuses].sort()).toEqual([400, 413]);
  });
});

describe('the database unreachable', () => {
  let owner: TestApp;
  let t: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    owner = await createTestApp();
    const url = new URL(owner.databaseUrl);
    proxy = new TcpProxy(url.hostname, Number(url.port));
    await proxy.start();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    // A second application on the same database, connected through the relay the test cuts.
    t = await createTestApp({}, { reuse: { ...owner, databaseUrl: url.toString() } });
  });
  afterAll(async () => {
    await proxy.start();
    await t.close();
    await proxy.stop();
    await owner.close();
  });

  it('should keep serving what is cached, answer the rest 503 with Retry-After, fast, and recover on its own', async () => {
    // Read while the database is up: these are in the published-content cache.
    expect((await t.http.get('/api/header')).body.code).toBe(0);
    // A fixed host: supertest's own changes with every request, and a page's links are made with it.
    expect((await t.http.get('/').set('Host', 'www.yunfan.test')).status).toBe(200);
    const token = await login(t);
    await proxy.stop();

    const header = await t.http.get('/api/header');
    expect({ status: header.status, code: header.body.code, cache: header.headers['x-cache'] }).toEqual({
      status: 200,
      code: 0,
      cache: 'HIT',
    });
    const home = await t.http.get('/').set('Host', 'www.yunfan.test');
    expect({ status: home.status, cache: home.headers['x-cache'] }).toEqual({ status: 200, cache: 'HIT' });

    const started = performance.now();
    for (const request of [
      t.http.post('/api/items').send({ menu: 3 }),
      t.http.post('/api/search').send({ keyword: '网站', type: 1, amount: 3, page: 0 }),
      t.http.post('/api/login').send({ email: 'admin@yunfan.example.com', password: '0'.repeat(32) }),
      t.http.post('/api/case').set('token', token).send({}),
    ]) {
      const res = await request;
      expect({ status: res.status, retryAfter: res.headers['retry-after'], body: res.body }).toEqual({
        status: 503,
        retryAfter: '5',
        // A server failure names the request, as its X-Request-Id does.
        body: { code: 1, msg: '服务暂不可用，请稍后再试', data: null, requestId: res.headers['x-request-id'] },
      });
    }
    // Connection attempts give up after 3 s rather than queueing for ever.
    expect(performance.now() - started).toBeLessThan(30_000);

    const health = await t.http.get('/api/health');
    expect(health.status).toBe(503);
    const page = await t.http.get('/about.html');
    expect({ status: page.status, retryAfter: page.headers['retry-after'] }).toEqual({ status: 503, retryAfter: '5' });
    expect(page.text).toContain('网站暂时无法访问');
    expect(page.text).not.toMatch(/ECONNREFUSED|at .*\.js/);

    await proxy.start();
    let recovered = false;
    for (let attempt = 0; attempt < 50 && !recovered; attempt++) {
      const res = await t.http.post('/api/items').send({ menu: 3 });
      recovered = res.status === 200 && res.body.code === 0;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(true);
    expect((await t.http.post('/api/case').set('token', token).send({})).body.code).toBe(0);
  });
});
