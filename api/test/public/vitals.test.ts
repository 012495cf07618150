import { VITALS_MAX } from '@site/shared-types';
import { VitalsService, VITALS_REPORTS_PER_MINUTE } from '../../src/operations/vitals/vitals.service.js';
import { login } from '../support/admin-session.js';
import { failedWith, ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The visitor-experience beacon and its summary (docs/behaviour.md#visitor-experience): what a browser may send,
 * what is stored of it (never the address or the user agent), the 75th percentiles the back office and
 * `/api/metrics` show, and the sweep of old rows.
 */
const PATH = '/api/frontend/vitals';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const WECHAT = `${IPHONE} MicroMessenger/8.0.50(0x18003231) NetType/WIFI Language/zh_CN`;
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

let t: TestApp;
let token: string;
let vitals: VitalsService;
/** Each test reports from addresses of its own, so the per-address limit counts each apart. */
let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

beforeAll(async () => {
  // TRUST_PROXY=1: X-Forwarded-For names the visitor, as behind the site's proxy.
  t = await createTestApp({ TRUST_PROXY: '1', VITALS_SAMPLE_PERCENT: '25' });
  token = await login(t);
  vitals = t.app.get(VitalsService);
});
afterAll(() => t?.close());

beforeEach(async () => {
  await vitals.flush();
  await t.sql('DELETE FROM web_vital');
});

const valid = {
  page: 'details',
  navigation: 'navigate',
  metrics: [
    { name: 'LCP', value: 1830 },
    { name: 'INP', value: 120 },
    { name: 'CLS', value: 0.02 },
    { name: 'FID', value: 8 },
  ],
};

function send(body: unknown, { ip = nextAddress(), userAgent = DESKTOP } = {}) {
  return t.http
    .post(PATH)
    .set('x-forwarded-for', ip)
    .set('user-agent', userAgent)
    .send(body as object);
}

async function stored() {
  await vitals.flush();
  return t.sql<Record<string, unknown>>('SELECT * FROM web_vital ORDER BY id');
}

describe('POST /api/frontend/vitals', () => {
  it('should store one row per metric with the route name and the device class, and nothing that names the visitor', async () => {
    expect(ok<{ counted: boolean }>(await send(valid, { userAgent: WECHAT }))).toEqual({ counted: true });
    ok(await send({ ...valid, page: 'meindex', metrics: [{ name: 'LCP', value: 900 }] }, { userAgent: IPHONE }));
    ok(await send({ ...valid, navigation: 'back-forward-cache', metrics: [{ name: 'CLS', value: 0 }] }));

    const rows = await stored();
    expect(
      rows.map(({ page, device, navigation, metric, value }) => [page, device, navigation, metric, value]),
    ).toEqual([
      ['details', 'wechat', 'navigate', 'LCP', 1830],
      ['details', 'wechat', 'navigate', 'INP', 120],
      ['details', 'wechat', 'navigate', 'CLS', 0.02],
      ['details', 'wechat', 'navigate', 'FID', 8],
      ['meindex', 'phone', 'navigate', 'LCP', 900],
      ['details', 'computer', 'back-forward-cache', 'CLS', 0],
    ]);
    const columns = await t.sql<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = 'web_vital' ORDER BY column_name",
    );
    expect(columns.map((column) => column.column_name)).toEqual([
      'created_at',
      'device',
      'id',
      'metric',
      'navigation',
      'page',
      'value',
    ]);
  });

  it('should refuse malformed reports with code 2 and a Chinese message, storing nothing', async () => {
    const metric = (name: unknown, value: unknown) => ({ ...valid, metrics: [{ name, value }] });
    const bodies: unknown[] = [
      {},
      { ...valid, page: '/details/7.html' },
      { ...valid, page: 'login' },
      { ...valid, navigation: 'teleport' },
      { ...valid, metrics: [] },
      { ...valid, metrics: 'LCP=1' },
      { ...valid, metrics: [1, 2] },
      { ...valid, metrics: [...valid.metrics, { name: 'TTFB', value: 100 }] },
      {
        ...valid,
        metrics: [
          { name: 'LCP', value: 1 },
          { name: 'LCP', value: 2 },
        ],
      },
      metric('FCP', 100),
      metric('lcp', 100),
      metric('LCP', 'NaN'),
      metric('LCP', '1830'),
      metric('LCP', null),
      metric('LCP', -1),
      metric('INP', -0.5),
      metric('LCP', VITALS_MAX.LCP + 1),
      metric('CLS', VITALS_MAX.CLS + 0.01),
      metric('FID', 1e308),
      metric('INP', true),
      { ...valid, page: 'details\u0000' },
    ];
    for (const body of bodies) {
      const res = await send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 200 });
      refused(res, 2);
    }
    // JSON has no NaN or Infinity: such a body is not JSON at all.
    for (const text of [
      '{"page":"details","navigation":"navigate","metrics":[{"name":"LCP","value":NaN}]}',
      '{"page":',
    ]) {
      const res = await t.http.post(PATH).set('content-type', 'application/json').send(text);
      failedWith(res, 400);
    }
    expect(await stored()).toEqual([]);
  });

  it('should refuse a body over 4 KB with 413, whatever the headers say', async () => {
    const padded = { ...valid, padding: 'x'.repeat(4200) };
    failedWith(await send(padded), 413);
    // The administrator's larger limit does not apply to the beacon.
    failedWith(await send(padded).set('token', token), 413);
    failedWith(await t.http.post('/API/Frontend/Vitals/').set('token', token).send(padded), 413);
    // Under the limit, unknown fields are ignored as everywhere.
    ok(await send({ ...valid, padding: 'x'.repeat(3000) }));
    expect(await stored()).toHaveLength(4);
  });

  it(`should take ${VITALS_REPORTS_PER_MINUTE} reports a minute from one address and drop the rest`, async () => {
    const ip = nextAddress();
    const report = { ...valid, metrics: [{ name: 'LCP', value: 1000 }] };
    for (let sent = 0; sent < VITALS_REPORTS_PER_MINUTE; sent++) {
      expect(ok<{ counted: boolean }>(await send(report, { ip }))).toEqual({ counted: true });
    }
    expect(ok<{ counted: boolean }>(await send(report, { ip }))).toEqual({ counted: false });
    // An IPv6 visitor's other addresses in the same /64 are the same visitor.
    const six = (n: number) => `2001:db8:1:2::${n.toString(16)}`;
    for (let sent = 0; sent < VITALS_REPORTS_PER_MINUTE; sent++) ok(await send(report, { ip: six(sent + 1) }));
    expect(ok<{ counted: boolean }>(await send(report, { ip: six(999) }))).toEqual({ counted: false });
    // Another address is not held back.
    expect(ok<{ counted: boolean }>(await send(report))).toEqual({ counted: true });
    expect(await stored()).toHaveLength(2 * VITALS_REPORTS_PER_MINUTE + 1);
  });
});

describe('the summary', () => {
  /** Rows written directly, some of them older than the window. */
  async function arrange(): Promise<void> {
    await t.sql(
      `INSERT INTO web_vital (page, device, navigation, metric, value, created_at)
       SELECT page, device, 'navigate', metric, value, now() - make_interval(days => age)
         FROM (VALUES
           ('index', 'phone', 'LCP', 1000, 0), ('index', 'phone', 'LCP', 2000, 1), ('index', 'phone', 'LCP', 3000, 2),
           ('index', 'phone', 'LCP', 4000, 6), ('index', 'phone', 'LCP', 99000, 8),
           ('index', 'computer', 'LCP', 800, 0),
           ('index', 'phone', 'CLS', 0.05, 0), ('index', 'phone', 'CLS', 0.25, 0),
           ('meitems', 'wechat', 'INP', 240, 3),
           ('about', 'computer', 'FID', 12, 31)
         ) AS rows (page, device, metric, value, age)`,
    );
  }

  it('should give the 75th percentile of the last 7 days per page, device and metric to the back office', async () => {
    await arrange();
    const summary = ok<{ days: number; samplePercent: number; rows: unknown[] }>(
      await t.http.post('/api/vitals').set('token', token),
    );
    expect(summary).toEqual({
      days: 7,
      samplePercent: 25,
      rows: [
        // 1000, 2000, 3000, 4000 (99000 is 8 days old): the 75th percentile interpolates to 3250.
        { page: 'index', device: 'computer', metric: 'LCP', p75: 800, count: 1 },
        { page: 'index', device: 'phone', metric: 'CLS', p75: 0.2, count: 2 },
        { page: 'index', device: 'phone', metric: 'LCP', p75: 3250, count: 4 },
        { page: 'meitems', device: 'wechat', metric: 'INP', p75: 240, count: 1 },
      ],
    });
    expect((await t.http.post('/api/vitals')).body.code).toBe(3);
  });

  it('should show the percentiles in /api/metrics as gauges, beside the existing series', async () => {
    await arrange();
    // A report written makes the summary again, for the next scrape.
    ok(await send({ page: 'about', navigation: 'reload', metrics: [{ name: 'FID', value: 40 }] }));
    await vitals.flush();
    const text = (await t.http.get('/api/metrics')).text;
    expect(text).toContain('# TYPE web_vitals_p75_seconds gauge');
    expect(text).toContain('web_vitals_p75_seconds{page="index",device="phone",metric="LCP"} 3.25\n');
    expect(text).toContain('web_vitals_p75_seconds{page="meitems",device="wechat",metric="INP"} 0.24\n');
    expect(text).toContain('web_vitals_p75_seconds{page="about",device="computer",metric="FID"} 0.04\n');
    expect(text).toContain('web_vitals_cls_p75{page="index",device="phone"} 0.2\n');
    expect(text).toContain('web_vitals_reports{page="index",device="phone",metric="LCP"} 4\n');
    expect(text).not.toContain('metric="CLS"} 0.2');
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE db_pool_connections gauge');
  });

  it('should delete rows older than 30 days when it sweeps', async () => {
    await arrange();
    await (vitals as unknown as { sweep(): Promise<void> }).sweep();
    const rows = await t.sql<{ page: string }>('SELECT page FROM web_vital');
    expect(rows).toHaveLength(9);
    expect(rows.map((row) => row.page)).not.toContain('about');
  });
});
