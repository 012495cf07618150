import type { BaiduPushResult, BaiduPushStatus } from '@site/shared-types';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { FakeBaidu } from '../support/fake-baidu.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const SITE = 'https://www.yunfan.example.com';
const RETRY_MS = 100;

const baidu = new FakeBaidu();
let api: string;
beforeAll(async () => {
  api = await baidu.start();
});
afterAll(() => baidu.stop());
beforeEach(() => {
  baidu.requests = [];
  baidu.script = [];
  baidu.failing = false;
  baidu.remain = 1000;
  baidu.notValid.clear();
});

const configured = () => ({
  BAIDU_PUSH_TOKEN: 'test-token',
  BAIDU_PUSH_SITE: SITE,
  BAIDU_PUSH_API: api,
  BAIDU_PUSH_RETRY_MS: String(RETRY_MS),
});

async function waitFor<T>(check: () => Promise<T | false | undefined | null> | T | false, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface QueueRow {
  path: string;
  state: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  reason: string;
}
const queueOf = (t: TestApp) =>
  t.sql<QueueRow>(
    `SELECT key AS path, state, attempts, last_error, next_attempt_at, payload->>'reason' AS reason
     FROM outbox WHERE kind = 'baidu-push' ORDER BY id`,
  );

const newCase = (name: string) => ({ id: 0, name, top: 2, dict_id: 3, class_id: 1 });

describe('with push configured', () => {
  let t: TestApp;
  let token: string;
  const call = (path: string, body: object = {}) => adminCall(t, token, path, body);
  beforeAll(async () => {
    t = await createTestApp(configured());
    token = await login(t);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.sql(`DELETE FROM outbox WHERE kind = 'baidu-push'`);
    await t.sql('UPDATE baidu_push_quota SET remain = NULL, reported_at = NULL, held_until = NULL');
  });

  it("should push a new case's desktop and mobile addresses in one request, with the site and token", async () => {
    const { id } = ok<{ id: number }>(await call('/api/amendcase', newCase('百度推送测试案例')));
    await waitFor(() => baidu.requests.length === 1 && (queueOf(t).then((rows) => rows.length === 0) as never));
    const [request] = baidu.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/urls',
      site: SITE,
      token: 'test-token',
      urls: [`${SITE}/details/${id}.html`, `${SITE}/move/details/${id}.html`],
    });
    expect(request!.contentType).toMatch(/^text\/plain\b/);

    const status = ok<BaiduPushStatus>(await call('/api/baidupush'));
    expect(status).toMatchObject({ configured: true, missing: [], site: SITE, origin: SITE, pending: 0, failed: 0 });
    expect(status.quota.remain).toBe(998);
    expect(status.log[0]).toMatchObject({
      status: 200,
      ok: true,
      success: 2,
      remain: 998,
      urls: request!.urls,
      manual: false,
    });
  });

  it('should push an article when it is changed and when it is deleted', async () => {
    const id = (await t.sql<{ id: number }>('SELECT id FROM news ORDER BY id LIMIT 1'))[0]!.id;
    const form = ok<Record<string, unknown>>(await call('/api/getnews', { newsid: id }));
    ok(await call('/api/amendnews', { ...form, title: '改过的标题' }));
    await waitFor(() => baidu.requests.length === 1);
    ok(await call('/api/deletenews', { id }));
    await waitFor(() => baidu.requests.length === 2);
    for (const request of baidu.requests) {
      expect(request.urls).toEqual([`${SITE}/news/${id}.html`, `${SITE}/move/news/${id}.html`]);
    }
  });

  it('should queue nothing when the write is refused, and keep one row per address', async () => {
    refused(await call('/api/deletecase', { id: 999_999 }), 1);
    expect(await queueOf(t)).toEqual([]);
    // Held (the day's quota used up): changes wait in the queue, an address once however often it changed.
    await t.sql(`UPDATE baidu_push_quota SET held_until = now() + interval '1 hour'`);
    const { id } = ok<{ id: number }>(await call('/api/amendcase', newCase('去重测试')));
    const form = ok<Record<string, unknown>>(await call('/api/getcase', { caseid: id }));
    ok(await call('/api/amendcase', { ...form, name: '去重测试（改）' }));
    ok(await call('/api/amendcase', { ...form, name: '去重测试（再改）' }));
    const rows = await queueOf(t);
    expect(rows.map((row) => [row.path, row.reason])).toEqual([
      [`/details/${id}.html`, 'update'],
      [`/move/details/${id}.html`, 'update'],
    ]);
    await sleep(300);
    expect(baidu.requests).toEqual([]);
  });

  it('should retry a failed push with exponential backoff, keeping the attempts in the row', async () => {
    baidu.script = [{ status: 500, body: { error: 500, message: 'internal error' } }, { drop: true }];
    const { id } = ok<{ id: number }>(await call('/api/amendcase', newCase('重试测试')));
    await waitFor(() => baidu.requests.length === 3);
    await waitFor(async () => (await queueOf(t)).length === 0);
    const [a, b, c] = baidu.requests.map((request) => request.at);
    // 1st retry after RETRY_MS, the 2nd after twice that (timers may fire a little late, never early).
    expect(b! - a!).toBeGreaterThanOrEqual(RETRY_MS - 5);
    expect(c! - b!).toBeGreaterThanOrEqual(2 * RETRY_MS - 5);
    expect(baidu.requests[2]!.urls).toEqual([`${SITE}/details/${id}.html`, `${SITE}/move/details/${id}.html`]);
    const log = ok<BaiduPushStatus>(await call('/api/baidupush')).log.slice(0, 3);
    expect(log.map((entry) => [entry.status, entry.ok])).toEqual([
      [200, true],
      [0, false],
      [500, false],
    ]);
    expect(log[1]!.error).toContain('无法连接百度');
  });

  it('should give an address up when Baidu says it is not valid', async () => {
    const id = (await t.sql<{ id: number }>('SELECT id FROM "case" ORDER BY id LIMIT 1'))[0]!.id;
    baidu.notValid.add(`${SITE}/move/details/${id}.html`);
    const form = ok<Record<string, unknown>>(await call('/api/getcase', { caseid: id }));
    ok(await call('/api/amendcase', form));
    const rows = await waitFor(async () => {
      const found = await queueOf(t);
      return found.length === 1 && found[0]!.state === 'failed' && found;
    });
    expect(rows[0]).toMatchObject({ path: `/move/details/${id}.html`, attempts: 1 });
    expect(rows[0]!.last_error).toContain('not_valid');
    const status = ok<BaiduPushStatus>(await call('/api/baidupush'));
    expect(status.failed).toBe(1);
    expect(status.queue[0]).toMatchObject({ url: `${SITE}/move/details/${id}.html`, state: 'failed' });
    // Retrying it by hand makes it due again.
    baidu.notValid.clear();
    const queued = status.queue[0]!.id;
    expect(ok<{ count: number }>(await call('/api/baidupushretry', { id: queued })).count).toBe(1);
    await waitFor(async () => (await queueOf(t)).length === 0);
    expect(baidu.requests.at(-1)!.urls).toEqual([`${SITE}/move/details/${id}.html`]);
  });

  it('should send nothing more that day once Baidu answers remain 0, and go on the next Beijing day', async () => {
    baidu.script = [{ remain: 0 }];
    const first = ok<{ id: number }>(await call('/api/amendcase', newCase('配额测试一')));
    await waitFor(() => baidu.requests.length === 1);
    const second = ok<{ id: number }>(await call('/api/amendcase', newCase('配额测试二')));
    await sleep(5 * RETRY_MS);
    expect(baidu.requests.length).toBe(1);
    expect(baidu.requests[0]!.urls[0]).toBe(`${SITE}/details/${first.id}.html`);
    expect((await queueOf(t)).map((row) => row.path)).toEqual([
      `/details/${second.id}.html`,
      `/move/details/${second.id}.html`,
    ]);

    const status = ok<BaiduPushStatus>(await call('/api/baidupush'));
    expect(status.quota.remain).toBe(0);
    // The next midnight in Beijing (UTC+8): 16:00 UTC.
    const midnight = new Date(Math.floor((Date.now() + 8 * 3600_000) / 86_400_000 + 1) * 86_400_000 - 8 * 3600_000);
    const beijing = new Date(midnight.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(status.quota.held_until).toBe(beijing);
    expect(beijing.endsWith(' 00:00:00')).toBe(true);

    // By hand too: the address waits with the others.
    const manual = ok<BaiduPushResult>(await call('/api/baidupushurl', { url: `${SITE}/about.html` }));
    expect(manual).toMatchObject({ ok: false, queued: true });
    expect(manual.error).toContain('配额');
    expect(baidu.requests.length).toBe(1);

    // A new day: the hold is over, and the queue goes out (retrying now wakes the worker).
    baidu.remain = 1000;
    await t.sql(
      `UPDATE baidu_push_quota SET held_until = now() - interval '1 second', reported_at = now() - interval '1 day'`,
    );
    ok(await call('/api/baidupushretry'));
    await waitFor(async () => (await queueOf(t)).length === 0);
    expect(baidu.pushed.slice(2)).toEqual([
      `${SITE}/details/${second.id}.html`,
      `${SITE}/move/details/${second.id}.html`,
      `${SITE}/about.html`,
    ]);
  });

  it('should hold the queue too when Baidu refuses with "over quota", counting no attempt', async () => {
    baidu.remain = 0;
    ok(await call('/api/amendcase', newCase('超额测试')));
    await waitFor(
      async () => (await t.sql<{ held: boolean }>('SELECT held_until > now() AS held FROM baidu_push_quota'))[0]!.held,
    );
    const rows = await queueOf(t);
    expect(rows.map((row) => row.attempts)).toEqual([0, 0]);
    expect(rows[0]!.last_error).toContain('over quota');
  });

  it('should push an address by hand and answer what Baidu said', async () => {
    const result = ok<BaiduPushResult>(await call('/api/baidupushurl', { url: ` ${SITE}/about.html?from=x ` }));
    expect(result).toMatchObject({
      url: `${SITE}/about.html?from=x`,
      ok: true,
      queued: false,
      success: 1,
      remain: 999,
    });
    expect(baidu.requests.map((request) => request.urls)).toEqual([[`${SITE}/about.html?from=x`]]);
    expect(await queueOf(t)).toEqual([]);
    const status = ok<BaiduPushStatus>(await call('/api/baidupush'));
    expect(status.log[0]).toMatchObject({ manual: true, ok: true, urls: [`${SITE}/about.html?from=x`] });
  });

  it('should refuse a bad address to push by hand with a Chinese message, never a 500', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /推送地址/],
      [123, /推送地址必须是文本/],
      ['', /推送地址不能为空/],
      ['about.html', /完整的网页地址/],
      ['ftp://www.yunfan.example.com/a', /http 或 https/],
      ['https://evil.example.com/about.html', /只能推送本站的地址/],
      ['http://www.yunfan.example.com/about.html', /只能推送本站的地址/],
      [`${SITE}/${'a'.repeat(2048)}`, /不能超过 2048 个字符/],
      ['https://user:pw@www.yunfan.example.com/', /用户名或密码/],
    ];
    for (const [url, message] of cases) {
      expect(refused(await call('/api/baidupushurl', url === undefined ? {} : { url }), 2)).toMatch(message);
    }
    refused(await call('/api/baidupushretry', { id: 'x' }), 2);
    refused(await call('/api/baidupushretry', { id: 999_999 }), 1);
    expect(baidu.requests).toEqual([]);
    // The admin token guard covers all three calls.
    for (const path of ['/api/baidupush', '/api/baidupushurl', '/api/baidupushretry']) {
      refused(await t.http.post(path).send({ url: `${SITE}/` }), 3);
    }
  });
});

describe('across a restart', () => {
  let owner: TestApp;
  beforeAll(async () => {
    // Owns the database; not configured itself, so only the apps below push.
    owner = await createTestApp({ BAIDU_PUSH_API: api });
  });
  afterAll(() => owner.close());

  it('should keep what was queued and deliver it after the restart, also rows a dead worker held', async () => {
    baidu.failing = true;
    const first = await createTestApp(configured(), { reuse: owner });
    const token = await login(first);
    const { id } = ok<{ id: number }>(await adminCall(first, token, '/api/amendcase', newCase('重启测试')));
    await waitFor(async () => (await queueOf(first)).every((row) => row.attempts >= 2));
    await first.close();
    const attempts = baidu.requests.length;
    expect(attempts).toBeGreaterThanOrEqual(2);
    const kept = await queueOf(owner);
    expect(kept.map((row) => row.path)).toEqual([`/details/${id}.html`, `/move/details/${id}.html`]);
    expect(kept.every((row) => row.state === 'pending' && row.last_error?.includes('HTTP 500'))).toBe(true);
    // The next attempt is planned RETRY_MS × 2^(attempts - 1) after the last failure (logged in the same transaction).
    const [last] = await owner.sql<{ at: Date }>(
      `SELECT at FROM outbox_log WHERE kind = 'baidu-push' ORDER BY id DESC LIMIT 1`,
    );
    const k = kept[0]!.attempts;
    expect(kept[0]!.next_attempt_at.getTime() - last!.at.getTime()).toBe(RETRY_MS * 2 ** (k - 1));

    // A worker that died while pushing leaves its claim: the rows are taken again once its lease runs out.
    await owner.sql(
      `UPDATE outbox SET claim = gen_random_uuid(), lease_until = now() + interval '300 ms' WHERE kind = 'baidu-push'`,
    );
    baidu.failing = false;
    const startedAt = Date.now();
    const second = await createTestApp(configured(), { reuse: owner });
    try {
      await waitFor(async () => (await queueOf(second)).length === 0);
      const delivered = baidu.requests.slice(attempts);
      expect(delivered.map((request) => request.urls)).toEqual([
        [`${SITE}/details/${id}.html`, `${SITE}/move/details/${id}.html`],
      ]);
      expect(delivered[0]!.at - startedAt).toBeGreaterThanOrEqual(250);
    } finally {
      await second.close();
    }
  });
});

describe('without push configured', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ BAIDU_PUSH_API: api, BAIDU_PUSH_RETRY_MS: '10' });
    token = await login(t);
  });
  afterAll(() => t.close());

  it('should send nothing, keep the changes queued and say which variables to set', async () => {
    const { id } = ok<{ id: number }>(await adminCall(t, token, '/api/amendcase', newCase('未配置测试')));
    await sleep(300);
    expect(baidu.requests).toEqual([]);
    expect((await queueOf(t)).map((row) => row.path)).toEqual([`/details/${id}.html`, `/move/details/${id}.html`]);

    const status = ok<BaiduPushStatus>(await adminCall(t, token, '/api/baidupush'));
    expect(status).toMatchObject({
      configured: false,
      missing: ['BAIDU_PUSH_TOKEN', 'BAIDU_PUSH_SITE'],
      site: null,
      origin: null,
      pending: 2,
    });
    expect(status.queue.map((row) => row.url)).toEqual([`/details/${id}.html`, `/move/details/${id}.html`]);
    const message = refused(
      await adminCall(t, token, '/api/baidupushurl', { url: 'https://www.yunfan.example.com/about.html' }),
      1,
    );
    expect(message).toBe('未配置百度推送（BAIDU_PUSH_TOKEN、BAIDU_PUSH_SITE），暂不能推送');
    ok(await adminCall(t, token, '/api/baidupushretry'));
    await sleep(100);
    expect(baidu.requests).toEqual([]);
  });
});
