import ExcelJS from 'exceljs';
import type { NotifyOverview, NotifySettingsInput, NotifySettingsView, UnreadCount } from '@site/shared-types';
import { LeadNotifyWorker } from '../../src/operations/lead-notify/lead-notify.worker.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { closedPort, dingtalkSigned, eventually, TestRobot, TestService, TestSmtp } from '../support/lead-receivers.js';
import { createTestApp, createTestDatabase, type TestApp } from '../support/test-app.js';

/**
 * New leads reach the sales team (docs/behaviour.md#lead-notifications): the settings, a test send, delivery by
 * mail to a real SMTP server and to robots' webhooks, retries while a channel is down, a restart and two servers.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let token: string;
const smtp = new TestSmtp();
const robot = new TestRobot();
const DINGTALK_SECRET = 'SECtest-signing-secret';

const env = () => ({
  TRUST_PROXY: '1',
  LEAD_NOTIFY_RETRY_MS: '50',
  LEAD_NOTIFY_TIMEOUT_MS: '3000',
  LEAD_NOTIFY_WEBHOOK_ORIGINS: robot.origin,
  PUBLIC_URL: 'https://www.yunfan.test',
});

beforeAll(async () => {
  await smtp.start();
  await robot.start();
  // The file's own database: its servers come and go (a restart, a second server) on it.
  database = await createTestDatabase();
  t = await createTestApp(env(), { databaseUrl: database.url });
  token = await login(t);
});
afterAll(async () => {
  await t.close();
  await database.drop();
  await smtp.stop();
  await robot.stop();
});

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);

function settings(change: Partial<NotifySettingsInput> = {}): NotifySettingsInput {
  return {
    email: {
      enabled: true,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: smtp.account.user,
      password: smtp.account.password,
      from: '',
      to: ['boss@yunfan.test', 'sales2@yunfan.test'],
    },
    wecom: { enabled: true, url: `${robot.origin}/wecom?key=abcd1234` },
    dingtalk: { enabled: true, url: `${robot.origin}/dingtalk?access_token=tok9876`, secret: DINGTALK_SECRET },
    ...change,
  };
}

let ip = 10;
const leave = (app: TestApp, name: string, content = '想做一个企业官网，请尽快联系。') =>
  app.http
    .post('/api/leaveword')
    .set('X-Forwarded-For', `203.0.113.${ip++ % 250}`)
    .send({ name, phone: '13800138000', email: 'visitor@example.com', content, page: 'https://www.yunfan.test/' });

/** The attempts so far of `name`'s lead on `channel`'s delivery (0 once it left the outbox). */
const attemptsOf = async (name: string, channel: string) =>
  (
    await t.sql<{ attempts: number }>(
      `SELECT attempts FROM outbox WHERE kind = 'lead' AND payload->>'name' = $1 AND lane = $2`,
      [name, channel],
    )
  )[0]?.attempts ?? 0;

/**
 * Changes the waiting deliveries of `name`'s lead at a moment no worker holds any of them: an attempt under way
 * would write its own outcome over the change.
 */
const whileIdle = (name: string, set: string) =>
  eventually(async () => {
    const rows = await t.sql(
      `UPDATE outbox SET ${set} WHERE kind = 'lead' AND payload->>'name' = $1
         AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.kind = 'lead' AND o.payload->>'name' = $1
           AND o.claim IS NOT NULL)
       RETURNING id`,
      [name],
    );
    return rows.length > 0;
  }, `the deliveries of ${name} to be free`);

const outbox = async () =>
  (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE kind = 'lead'`))[0]!.n;
const mailsFor = (name: string) => smtp.mails.filter((m) => m.parsed.subject?.includes(name));
const robotTexts = (path: string, name: string) => robot.texts(path).filter((text) => text.includes(name));

describe('通知设置', () => {
  it('should start with every channel off and nothing secret set', async () => {
    const overview = ok<NotifyOverview>(await call('/api/notifysettings'));
    expect(overview.settings.email).toMatchObject({ enabled: false, host: '', password_set: false, to: [] });
    expect(overview.settings.wecom).toEqual({ enabled: false, url_set: false, url_hint: '', secret_set: false });
    expect(overview.queue).toEqual({ pending: 0, failed: 0 });
    expect(overview.deliveries).toEqual([]);
  });

  it('should save the channels and never answer a secret back', async () => {
    const res = await call('/api/savenotifysettings', settings());
    const saved = ok<NotifySettingsView>(res);
    expect(res.body.msg).toBe('保存成功');
    expect(saved.email).toMatchObject({ enabled: true, host: '127.0.0.1', password_set: true });
    expect(saved.wecom).toEqual({ enabled: true, url_set: true, url_hint: '…1234', secret_set: false });
    expect(saved.dingtalk).toMatchObject({ enabled: true, url_set: true, secret_set: true });
    const shown = JSON.stringify(ok(await call('/api/notifysettings')));
    for (const secret of [smtp.account.password, 'abcd1234', 'tok9876', DINGTALK_SECRET]) {
      expect(shown).not.toContain(secret);
    }
  });

  it('should keep the saved secrets when they are sent empty', async () => {
    const again = settings();
    ok(
      await call('/api/savenotifysettings', {
        ...again,
        email: { ...again.email, password: '' },
        wecom: { enabled: true },
        dingtalk: { enabled: true, url: '', secret: '' },
      }),
    );
    const rows = await t.sql<{ channel: string; settings: Record<string, string> }>(
      'SELECT channel, settings FROM notify_channel ORDER BY channel',
    );
    const of = (channel: string) => rows.find((r) => r.channel === channel)!.settings;
    expect(of('email').password).toBe(smtp.account.password);
    expect(of('wecom').url).toBe(`${robot.origin}/wecom?key=abcd1234`);
    expect(of('dingtalk')).toEqual({ url: `${robot.origin}/dingtalk?access_token=tok9876`, secret: DINGTALK_SECRET });
  });

  it.each([
    [{ email: { host: '' } }, '请填写 SMTP 服务器'],
    [{ email: { to: [] } }, '请至少填写一个收件人邮箱'],
    [{ email: { to: ['not-an-address'] } }, '收件人邮箱格式不正确：not-an-address'],
    [{ wecom: { enabled: true, url: 'https://evil.example.com/hook' } }, '企业微信群机器人地址应形如'],
    [{ dingtalk: { enabled: true, url: 'http://169.254.169.254/latest' } }, '钉钉群机器人地址应形如'],
    [{ wecom: { enabled: true, url: 'not a url' } }, '企业微信群机器人地址应形如'],
  ])('should refuse %j, saving nothing', async (change, message) => {
    const before = await t.sql('SELECT channel, enabled, settings FROM notify_channel ORDER BY channel');
    const form = settings();
    const body = { ...form, ...change, email: { ...form.email, ...('email' in change ? change.email : {}) } };
    expect(refused(await call('/api/savenotifysettings', body), 2)).toContain(message);
    expect(await t.sql('SELECT channel, enabled, settings FROM notify_channel ORDER BY channel')).toEqual(before);
  });

  it.each([
    [{ email: { ...settings().email, port: 0 } }],
    [{ email: null }],
    [{ email: { ...settings().email, to: 'boss@yunfan.test' } }],
    [{ wecom: { enabled: 'yes' } }],
  ])('should refuse the malformed %j with an envelope', async (change) => {
    refused(await call('/api/savenotifysettings', { ...settings(), ...change }), 2);
  });

  it('should send a test mail and log it', async () => {
    const res = await call('/api/testnotify', { channel: 'email' });
    expect(ok<{ answer: string }>(res).answer).toMatch(/^250/);
    await eventually(() => mailsFor('测试通知').length === 1, 'the test mail');
    const [mail] = mailsFor('测试通知');
    expect(mail!.to).toEqual(['boss@yunfan.test', 'sales2@yunfan.test']);
    expect(mail!.parsed.text).toContain('这是一条测试通知');
    const overview = ok<NotifyOverview>(await call('/api/notifysettings'));
    expect(overview.deliveries[0]).toMatchObject({ channel: 'email', test: true, ok: true, subject: '测试通知' });
  });

  it('should answer a failed test with the channel words', async () => {
    smtp.failing = true;
    try {
      const message = refused(await call('/api/testnotify', { channel: 'email' }), 1);
      expect(message).toMatch(/^测试发送失败：.*451/);
    } finally {
      smtp.failing = false;
    }
    const overview = ok<NotifyOverview>(await call('/api/notifysettings'));
    expect(overview.deliveries[0]).toMatchObject({ channel: 'email', test: true, ok: false });
    refused(await call('/api/testnotify', { channel: 'sms' }), 2);
  });
});

describe('the mail test against what is not a mail server', () => {
  const banner = new TestService('SECRET-BANNER-7f3a internal-db 5.7');
  const silent = new TestService(null);
  beforeAll(async () => {
    await banner.start();
    await silent.start();
  });
  afterAll(async () => {
    ok(await call('/api/savenotifysettings', settings()));
    await banner.stop();
    await silent.stop();
  });

  /** Saves the mail channel with `change`, sends the test, answers its refusal and how long it took. */
  async function testAgainst(change: Partial<NotifySettingsInput['email']>) {
    ok(await call('/api/savenotifysettings', settings({ email: { ...settings().email, ...change } })));
    const started = Date.now();
    const message = refused(await call('/api/testnotify', { channel: 'email' }), 1);
    return { message, ms: Date.now() - started };
  }

  it('should say alike that no mail server answered, for a closed, a silent and a chatty port, echoing nothing', async () => {
    const closed = await testAgainst({ port: await closedPort() });
    const quiet = await testAgainst({ port: silent.port });
    const chatty = await testAgainst({ port: banner.port });
    expect(closed.message).toContain('不是 SMTP 邮件服务器');
    expect([quiet.message, chatty.message]).toEqual([closed.message, closed.message]);
    expect(chatty.message).not.toContain('SECRET');
    // None answers before the send timeout (3 s here), so the time does not tell them apart either.
    expect([closed.ms, quiet.ms, chatty.ms].map((ms) => ms >= 3000)).toEqual([true, true, true]);
    const log = ok<NotifyOverview>(await call('/api/notifysettings')).deliveries.slice(0, 3);
    expect(log.map((d) => [d.test, d.ok, d.answer])).toEqual(Array(3).fill([true, false, log[0]!.answer]));
    expect(JSON.stringify(log)).not.toContain('SECRET');
  });

  it('should say which SSL setting fits the port, not what the TLS library said', async () => {
    const plain = await testAgainst({ port: smtp.port, secure: true });
    expect(plain.message).toContain('465 端口使用 SSL；25 或 587 端口请关闭 SSL');
    expect(plain.message).not.toMatch(/ssl3|wrong version|routines/i);
  });

  it('should log only what a mail server says when a lead goes to something else', async () => {
    ok(await call('/api/savenotifysettings', settings({ email: { ...settings().email, port: banner.port } })));
    ok(await leave(t, '内网横幅'));
    await eventually(async () => (await attemptsOf('内网横幅', 'email')) >= 1, 'a failed mail attempt', 20_000);
    const log = ok<NotifyOverview>(await call('/api/notifysettings')).deliveries.filter(
      (d) => d.channel === 'email' && d.subject.startsWith('内网横幅'),
    );
    expect(log[0]).toMatchObject({ ok: false });
    expect(log[0]!.answer).toContain('不是 SMTP 邮件服务器');
    expect(JSON.stringify(log)).not.toContain('SECRET');
    // Back on the real server, it is delivered once.
    ok(await call('/api/savenotifysettings', settings()));
    await eventually(() => mailsFor('内网横幅').length === 1, 'the lead on the real mail server', 20_000);
    await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
  });
});

describe('a new lead', () => {
  it('should reach every enabled channel at once, and leave the outbox', async () => {
    ok(await leave(t, '张经理', '我们想做小程序商城，预算十万左右。'));
    await eventually(
      () =>
        mailsFor('张经理').length === 1 &&
        robotTexts('/wecom', '张经理').length === 1 &&
        robotTexts('/dingtalk', '张经理').length === 1,
      'the lead on three channels',
    );
    const mail = mailsFor('张经理')[0]!;
    expect(mail.parsed.subject).toBe('网站新留言：张经理 13800138000');
    expect(mail.parsed.replyTo?.text).toBe('visitor@example.com');
    expect(mail.parsed.text).toContain('留言内容：我们想做小程序商城，预算十万左右。');
    expect(mail.parsed.text).toContain('https://www.yunfan.test/admin/index/leaveword');
    const dingtalk = robot.posts.find((p) => p.path === '/dingtalk' && p.body.text?.content?.includes('张经理'))!;
    expect(dingtalk.body.msgtype).toBe('text');
    expect(dingtalkSigned(dingtalk, DINGTALK_SECRET)).toBe(true);
    expect(robot.posts.find((p) => p.path === '/wecom')!.query.get('key')).toBe('abcd1234');
    await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
    const overview = ok<NotifyOverview>(await call('/api/notifysettings'));
    const delivered = overview.deliveries.filter((d) => d.subject === '张经理 13800138000');
    expect(delivered.map((d) => d.channel).sort()).toEqual(['dingtalk', 'email', 'wecom']);
    expect(delivered.every((d) => d.ok && d.attempt === 1 && !d.test)).toBe(true);
  });

  it('should queue nothing when no channel is on', async () => {
    ok(
      await call(
        '/api/savenotifysettings',
        settings({
          email: { ...settings().email, enabled: false },
          wecom: { enabled: false },
          dingtalk: { enabled: false },
        }),
      ),
    );
    ok(await leave(t, '无人通知'));
    expect(await outbox()).toBe(0);
    ok(await call('/api/savenotifysettings', settings()));
  });

  it('should store neither the message nor its deliveries when one of them cannot be written', async () => {
    const count = async () => (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM message'))[0]!.n;
    const before = await count();
    await t.sql(`ALTER TABLE outbox ADD CONSTRAINT refuse_all CHECK (kind <> 'lead') NOT VALID`);
    try {
      const res = await leave(t, '写不进去');
      expect(res.body.code).not.toBe(0);
    } finally {
      await t.sql('ALTER TABLE outbox DROP CONSTRAINT refuse_all');
    }
    expect(await count()).toBe(before);
  });

  it('should keep retrying while a channel is down, and deliver once when it is back', async () => {
    robot.down = true;
    ok(await leave(t, '李女士'));
    await eventually(async () => (await attemptsOf('李女士', 'wecom')) >= 3, 'three failed attempts');
    // An hour of the robot failing, as it stands after it: many attempts, queued an hour ago, still pending (held
    // back meanwhile, so that no attempt fails between this and the robot's return).
    await whileIdle(
      '李女士',
      `attempts = 9, queued_at = now() - interval '1 hour', next_attempt_at = now() + interval '1 day'`,
    );
    robot.down = false;
    await t.sql(`UPDATE outbox SET next_attempt_at = now() WHERE kind = 'lead' AND payload->>'name' = '李女士'`);
    t.app.get(LeadNotifyWorker).kick();
    await eventually(
      () => robotTexts('/wecom', '李女士').length === 1 && robotTexts('/dingtalk', '李女士').length === 1,
      'the lead after the robot came back',
    );
    await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
    expect(mailsFor('李女士')).toHaveLength(1);
    const log = ok<NotifyOverview>(await call('/api/notifysettings')).deliveries.filter(
      (d) => d.channel === 'wecom' && d.subject.startsWith('李女士'),
    );
    expect(log[0]).toMatchObject({ ok: true, attempt: 10 });
    expect(log.slice(1).every((d) => !d.ok && d.answer.includes('503'))).toBe(true);
  });

  it('should give a delivery up after three days, and send it again when retried', async () => {
    robot.down = true;
    ok(await leave(t, '赵总'));
    await whileIdle('赵总', `queued_at = now() - interval '3 days', next_attempt_at = now()`);
    t.app.get(LeadNotifyWorker).kick();
    await eventually(async () => {
      const overview = ok<NotifyOverview>(await call('/api/notifysettings'));
      return overview.queue.failed === 2;
    }, 'both robots given up');
    robot.down = false;
    expect(ok<{ count: number }>(await call('/api/retrynotify')).count).toBe(2);
    await eventually(
      () => robotTexts('/wecom', '赵总').length === 1 && robotTexts('/dingtalk', '赵总').length === 1,
      'the retried lead',
    );
    // The robot has the post a moment before the worker records the answer.
    await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
    expect(ok<NotifyOverview>(await call('/api/notifysettings')).queue).toEqual({ pending: 0, failed: 0 });
  });

  it('should deliver what was queued before a restart, once', async () => {
    await robot.stop();
    ok(await leave(t, '重启前'));
    await eventually(async () => (await attemptsOf('重启前', 'wecom')) >= 1, 'a failed attempt');
    await t.close();
    await robot.start();
    t = await createTestApp(env(), { databaseUrl: database.url });
    token = await login(t);
    await t.sql(`UPDATE outbox SET next_attempt_at = now() WHERE kind = 'lead'`);
    t.app.get(LeadNotifyWorker).kick();
    await eventually(
      () => robotTexts('/wecom', '重启前').length === 1 && robotTexts('/dingtalk', '重启前').length === 1,
      'the lead after the restart',
    );
    await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
  });

  it('should deliver each lead once with two servers on one database', async () => {
    const second = await createTestApp(env(), { databaseUrl: database.url });
    try {
      const names = Array.from({ length: 8 }, (_, i) => `双机客户${i}`);
      for (const [i, name] of names.entries()) ok(await leave(i % 2 ? second : t, name));
      await eventually(
        () => names.every((name) => robotTexts('/wecom', name).length >= 1 && mailsFor(name).length >= 1),
        'every lead on both servers',
        20_000,
      );
      await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
      for (const name of names) {
        expect([name, robotTexts('/wecom', name).length, robotTexts('/dingtalk', name).length]).toEqual([name, 1, 1]);
        expect(mailsFor(name)).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it('should keep each channel to itself: a hung one holds no other back, and each lead arrives once on each', async () => {
    // The mail server hangs after DATA and the WeCom robot never answers; DingTalk works. Each hung attempt holds its
    // channel for the send timeout (3 s here).
    smtp.stalling = true;
    robot.silent = ['/wecom'];
    const names = Array.from({ length: 4 }, (_, i) => `挂起客户${i}`);
    const failedOn = async (channel: string) =>
      (
        await t.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox_log WHERE kind = 'lead' AND entry->>'channel' = $1
             AND NOT (entry->>'ok')::boolean AND entry->>'subject' LIKE '挂起客户%'`,
          [channel],
        )
      )[0]!.n;
    try {
      for (const name of names) ok(await leave(t, name));
      await eventually(
        () => names.every((name) => robotTexts('/dingtalk', name).length === 1),
        'every lead on DingTalk',
      );
      // Every lead reached DingTalk before the first hung attempt on another channel had even timed out.
      expect([await failedOn('email'), await failedOn('wecom')]).toEqual([0, 0]);
      await eventually(
        async () => (await failedOn('email')) >= 1 && (await failedOn('wecom')) >= 1,
        'a timed-out attempt on each hung channel',
      );
    } finally {
      smtp.stalling = false;
      robot.silent = [];
    }
    await eventually(
      () => names.every((name) => mailsFor(name).length >= 1 && robotTexts('/wecom', name).length >= 1),
      'every lead once the channels came back',
      30_000,
    );
    await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
    for (const name of names) {
      expect([
        name,
        mailsFor(name).length,
        robotTexts('/wecom', name).length,
        robotTexts('/dingtalk', name).length,
      ]).toEqual([name, 1, 1, 1]);
    }
  });

  it('should end the attempt under way on each channel before the server stops', async () => {
    smtp.stalling = true;
    robot.silent = ['/wecom'];
    const stalledBefore = smtp.stalled;
    try {
      ok(await leave(t, '停机时'));
      // Both sends have reached the far end (a claim alone is not enough: a stop between the claim and the send
      // gives the row back untried).
      await eventually(
        () =>
          smtp.stalled === stalledBefore + 1 &&
          robot.unanswered.some((post) => post.path === '/wecom' && post.body.text?.content?.includes('停机时')),
        'the hung attempts on both channels under way',
      );
      // The stop waits for both (each ends at the send timeout) and records them before the database goes.
      await t.close();
    } finally {
      smtp.stalling = false;
      robot.silent = [];
    }
    t = await createTestApp(env(), { databaseUrl: database.url });
    token = await login(t);
    await eventually(
      () => mailsFor('停机时').length === 1 && robotTexts('/wecom', '停机时').length === 1,
      'the lead after the restart',
    );
    await eventually(async () => (await outbox()) === 0, 'the outbox to empty');
    const log = ok<NotifyOverview>(await call('/api/notifysettings')).deliveries.filter((d) =>
      d.subject.startsWith('停机时'),
    );
    // The attempts cut short by the stop were recorded as the first ones; the second delivered.
    for (const channel of ['email', 'wecom']) {
      expect(log.filter((d) => d.channel === channel).map((d) => [d.attempt, d.ok])).toEqual([
        [2, true],
        [1, false],
      ]);
    }
    expect(robotTexts('/dingtalk', '停机时')).toHaveLength(1);
  });
});

describe('留言管理', () => {
  it('should count the unread messages', async () => {
    await t.sql('UPDATE message SET read = true');
    expect(ok<UnreadCount>(await call('/api/unreadleavewords'))).toEqual({ unread: 0 });
    ok(await leave(t, '未读一'));
    ok(await leave(t, '未读二'));
    expect(ok<UnreadCount>(await call('/api/unreadleavewords'))).toEqual({ unread: 2 });
    const [row] = await t.sql<{ id: number }>(`SELECT id FROM message WHERE name = '未读一'`);
    ok(await call('/api/readleaveword', { id: row!.id }));
    expect(ok<UnreadCount>(await call('/api/unreadleavewords'))).toEqual({ unread: 1 });
  });

  it('should export the searched messages as CSV that Excel reads as UTF-8', async () => {
    ok(await leave(t, '导出客户', '=HYPERLINK("http://evil.example","点我")'));
    const res = await call('/api/exportleavewords', { format: 'csv', search: '导出客户' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="messages\.csv"; filename\*=UTF-8''/);
    expect(decodeURIComponent(res.headers['content-disposition']!.split("''")[1]!)).toMatch(/^留言-\d{8}-\d{4}\.csv$/);
    const text = res.text;
    expect(text.startsWith('\uFEFF"留言时间","姓名","电话","邮箱","地址","留言内容","来源页面","状态"\r\n')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"导出客户","13800138000","visitor@example.com"');
    // A formula typed by a visitor stays text.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""点我"")"`);
    expect(lines[1]).toMatch(/"未读"$/);
  });

  it('should export XLSX with Chinese headers and text cells', async () => {
    const res = await t.http
      .post('/api/exportleavewords')
      .set('token', token)
      .send({ format: 'xlsx' })
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(res.body as Buffer).buffer);
    const sheet = workbook.getWorksheet('留言')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      '留言时间',
      '姓名',
      '电话',
      '邮箱',
      '地址',
      '留言内容',
      '来源页面',
      '状态',
    ]);
    const total = (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM message'))[0]!.n;
    expect(sheet.rowCount).toBe(total + 1);
    const row = sheet.getRow(2);
    expect(row.getCell(3).value).toBe('13800138000');
    expect(typeof row.getCell(3).value).toBe('string');
  });

  it.each([[{ format: 'pdf' }], [{}], [{ format: 'csv', search: ['x'] }]])(
    'should refuse the export %j with an envelope',
    async (body) => {
      refused(await call('/api/exportleavewords', body), 2);
    },
  );
});
