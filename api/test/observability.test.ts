import { AppLogger } from '../src/core/app-logger.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const EXPOSITION = 'text/plain; version=0.0.4; charset=utf-8';
const TOKEN = 'scrape-0123456789abcdef';

type LogLine = Record<string, unknown> & { level: string; msg: string; requestId?: string };

/** Every line the application writes, parsed: each must be one JSON object. */
const log: LogLine[] = [];
const logger = new AppLogger(['error', 'warn', 'log', 'debug'], {
  format: 'json',
  sink: (line) => log.push(JSON.parse(line) as LogLine),
});

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY=1: a proxy in front names the client in X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: '1' }, { logger });
});
afterAll(() => t?.close());

/** The samples of the exposition text, checked line by line against the format. */
function parseExposition(text: string): Map<string, number> {
  expect(text.endsWith('\n')).toBe(true);
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.slice(0, -1).split('\n')) {
    // Blank lines are allowed between families (prom-client writes one).
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram']).toContain(comment[3]);
        typed.add(comment[2]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$/.exec(
      line,
    );
    expect({ line, valid: sample !== null }).toEqual({ line, valid: true });
    const family = sample![1]!.replace(/_(bucket|sum|count)$/, '');
    expect({ line, typed: typed.has(sample![1]!) || typed.has(family) }).toEqual({ line, typed: true });
    const value = Number(sample![3] === '+Inf' ? Infinity : sample![3]);
    // prom-client writes NaN as `Nan` (an event-loop lag with no sample since the previous scrape); Prometheus reads
    // the value with Go's ParseFloat, which ignores case.
    expect({ line, number: !Number.isNaN(value) || /^nan$/i.test(sample![3]!) }).toEqual({ line, number: true });
    samples.set(`${sample![1]}${sample![2] ?? ''}`, value);
  }
  return samples;
}

async function scrape(): Promise<Map<string, number>> {
  const res = await t.http.get('/api/metrics');
  expect({ status: res.status, type: res.headers['content-type'] }).toEqual({ status: 200, type: EXPOSITION });
  return parseExposition(res.text);
}

describe('request ids', () => {
  it('should echo a sane incoming X-Request-Id on API answers, cached answers, pages and 404s', async () => {
    for (const [path, id] of [
      ['/api/header', 'lb-trace.0001'],
      ['/api/header', 'lb-trace.0002'], // this one from the published-content cache
      ['/api/no-such-call', 'lb-trace.0003'],
      ['/no-such-page.html', 'lb-trace.0004'],
      ['/api/metrics', 'lb-trace.0005'],
    ] as const) {
      const res = await t.http.get(path).set('X-Request-Id', id);
      expect({ path, id: res.headers['x-request-id'] }).toEqual({ path, id });
    }
    const cached = await t.http.get('/api/header').set('X-Request-Id', 'lb-trace.0006');
    expect({ cache: cached.headers['x-cache'], id: cached.headers['x-request-id'] }).toEqual({
      cache: 'HIT',
      id: 'lb-trace.0006',
    });
  });

  it('should replace a hostile or oversized one with a fresh UUID, and give one to a request without', async () => {
    for (const hostile of ['x'.repeat(65), 'two words', '<script>alert(1)</script>', 'a"b', '../../etc/passwd']) {
      const res = await t.http.get('/api/header').set('X-Request-Id', hostile);
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    const ids = await Promise.all([t.http.get('/api/footer'), t.http.get('/api/footer')]);
    expect(ids[0].headers['x-request-id']).toMatch(UUID);
    expect(ids[0].headers['x-request-id']).not.toBe(ids[1].headers['x-request-id']);
  });

  it('should name the same id in the 500 envelope, its header and the JSON log line with the stack', async () => {
    // A real failure: the table behind the header block is gone (a broken migration would do the same).
    await t.sql('ALTER TABLE site_block RENAME TO site_block_away');
    try {
      const res = await t.http.get('/api/about').set('X-Request-Id', 'user-report-500');
      expect({ status: res.status, header: res.headers['x-request-id'], body: res.body }).toEqual({
        status: 500,
        header: 'user-report-500',
        body: { code: 1, msg: expect.stringContaining('user-report-500'), data: null, requestId: 'user-report-500' },
      });
      expect(res.text).not.toMatch(/site_block|at .*\.js/);
    } finally {
      await t.sql('ALTER TABLE site_block_away RENAME TO site_block');
    }
    const line = log.find((entry) => entry.context === 'Exceptions' && entry.requestId === 'user-report-500');
    expect(line).toEqual(
      expect.objectContaining({
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        context: 'Exceptions',
        msg: expect.stringContaining('GET /api/about'),
        level: 'error',
        stack: expect.stringMatching(/site_block[\s\S]*\n\s+at /),
      }),
    );
    // The database's own line, written deep in the query's async chain, names the request too.
    expect(log.find((entry) => entry.context === 'Database' && entry.requestId === 'user-report-500')).toBeDefined();
  });

  it('should write an access line per request at debug, with its id and fields', async () => {
    await t.http.get('/api/footer').set('X-Request-Id', 'access-line-1');
    const line = log.find((entry) => entry.context === 'Access' && entry.requestId === 'access-line-1');
    expect(line).toEqual(
      expect.objectContaining({
        level: 'debug',
        method: 'GET',
        path: '/api/footer',
        route: 'cache',
        status: 200,
        ms: expect.any(Number),
      }),
    );
  });
});

describe('/api/metrics', () => {
  it('should count requests by route label and cache hits, never by raw path', async () => {
    await t.http.get('/api/index'); // computed once, then kept
    const before = await scrape();
    const hits = before.get('published_cache_requests_total{store="main",result="hit"}') ?? 0;
    const cachedAnswers = before.get('http_requests_total{route="cache",status="200"}') ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.http.get('/api/index')).headers['x-cache']).toBe('HIT');
    await t.http.get(`/api/unknown-${Date.now()}`);
    const after = await scrape();
    expect(after.get('published_cache_requests_total{store="main",result="hit"}')).toBe(hits + 3);
    expect(after.get('http_requests_total{route="cache",status="200"}')).toBe(cachedAnswers + 3);
    expect(after.get('http_requests_total{route="api:unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('http_requests_total{route="api:/api/index",status="200"}')).toBeGreaterThanOrEqual(1);
    expect([...after.keys()].join('\n')).not.toMatch(/unknown-\d/);
    // The latency histogram: cumulative buckets ending at +Inf, equal to the count.
    const count = after.get('http_request_duration_seconds_count{route="cache"}')!;
    expect(after.get('http_request_duration_seconds_bucket{le="+Inf",route="cache"}')).toBe(count);
    expect(after.get('http_request_duration_seconds_bucket{le="0.0005",route="cache"}')).toBeLessThanOrEqual(
      after.get('http_request_duration_seconds_bucket{le="10",route="cache"}')!,
    );
  });

  it('should count server renders, and report the database pool and the process', async () => {
    const before = await scrape();
    const renders = (samples: Map<string, number>) => samples.get('ssr_renders_total{result="ok"}') ?? 0;
    const page = await t.http.get('/about.html').set('Host', 'www.yunfan.test');
    expect(page.status).toBe(200);
    const after = await scrape();
    expect(renders(after)).toBe(renders(before) + 1);
    expect(after.get('ssr_renders_total{result="failed"}')).toBe(before.get('ssr_renders_total{result="failed"}'));
    expect(after.get('http_requests_total{route="page",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(after.get('db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(after.get('db_pool_waiting_requests')).toBe(0);
    expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(after.get('nodejs_heap_used_bytes')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_delay_p99_seconds')).toBe(true);
    expect(after.get('process_uptime_seconds')).toBeGreaterThanOrEqual(0);
    // prom-client's default process metrics, beside the series above.
    expect(after.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect([...after.keys()].some((series) => series.startsWith('nodejs_version_info{'))).toBe(true);
  });

  it('should never be cached, and never answer bad input with a 500', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.http.get('/api/metrics');
      expect({ cache: res.headers['x-cache'], control: res.headers['cache-control'] }).toEqual({
        cache: undefined,
        control: 'no-store',
      });
    }
    expect((await t.http.get('/api/metrics?x=%ZZ&y[]=1')).status).toBe(200);
    expect((await t.http.head('/api/metrics')).status).toBe(200);
    expect((await t.http.get('/api/metrics').set('Authorization', 'Bearer "\'<>\\ %00')).status).toBe(200);
    expect((await t.http.post('/api/metrics').send({ a: 1 })).status).toBe(404);
    expect((await t.http.get('/api/metrics/extra')).status).toBe(404);
  });

  it('should refuse a client a proxy forwarded from elsewhere, like a call that does not exist', async () => {
    const res = await t.http.get('/api/metrics').set('X-Forwarded-For', '203.0.113.5');
    const missing = await t.http.get('/api/no-such-call');
    expect({ status: res.status, body: res.body }).toEqual({ status: missing.status, body: missing.body });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_requests_total');
    // A forwarded loopback client is still one.
    expect((await t.http.get('/api/metrics').set('X-Forwarded-For', '127.0.0.1')).status).toBe(200);
  });

  describe('with METRICS_TOKEN', () => {
    let withToken: TestApp;
    beforeAll(async () => {
      withToken = await createTestApp({ TRUST_PROXY: '1', METRICS_TOKEN: TOKEN }, { reuse: t, logger });
    });
    afterAll(() => withToken?.close());

    it('should answer whoever presents the token, and no one else, loopback included', async () => {
      const forwarded = await withToken.http
        .get('/api/metrics')
        .set('X-Forwarded-For', '203.0.113.5')
        .set('Authorization', `Bearer ${TOKEN}`);
      expect({ status: forwarded.status, type: forwarded.headers['content-type'] }).toEqual({
        status: 200,
        type: EXPOSITION,
      });
      expect(forwarded.text).toContain('# TYPE http_requests_total counter');
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`]) {
        const request = withToken.http.get('/api/metrics');
        const res = await (authorization ? request.set('Authorization', authorization) : request);
        expect({ authorization, status: res.status }).toEqual({ authorization, status: 404 });
      }
    });
  });
});
