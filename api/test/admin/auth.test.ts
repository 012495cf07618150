import { createHash } from 'node:crypto';
import { adminCall, login, md5 } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // One proxy in front: X-Forwarded-For names the client, so tests can act from several addresses.
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.sql('DELETE FROM rate_limit');
});

describe('POST /api/login', () => {
  it('should answer a token for the right e-mail and MD5 password', async () => {
    const res = await t.http.post('/api/login').send({ email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) });
    const data = ok<{ token: string }>(res);
    expect(res.body.msg).toBe('登录成功');
    // 32 random bytes, base64url: 256 bits.
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('should accept the e-mail in any case and with spaces around it', async () => {
    ok(
      await t.http
        .post('/api/login')
        .send({ email: `  ${TEST_ADMIN.email.toUpperCase()} `, password: md5(TEST_ADMIN.password) }),
    );
  });

  it('should store an Argon2id hash of the MD5, never the MD5 itself', async () => {
    const [user] = await t.sql<{ password_hash: string }>('SELECT password_hash FROM admin_user');
    expect(user!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user!.password_hash).not.toContain(md5(TEST_ADMIN.password));
  });

  it('should store only a SHA-256 of the token', async () => {
    const token = await login(t);
    const rows = await t.sql<{ token_hash: string }>('SELECT token_hash FROM admin_session');
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    expect(hashes).not.toContain(token);
  });

  it('should give an unknown e-mail and a wrong password the same answer', async () => {
    const wrongPassword = refused(
      await t.http.post('/api/login').send({ email: TEST_ADMIN.email, password: md5('nope') }),
      1,
    );
    const unknownEmail = refused(
      await t.http.post('/api/login').send({ email: 'nobody@yunfan.example.com', password: md5(TEST_ADMIN.password) }),
      1,
    );
    expect(wrongPassword).toBe('邮箱或密码错误');
    expect(unknownEmail).toBe(wrongPassword);
  });

  it.each([
    [{ password: md5('x') }, '邮箱不能为空'],
    [{ email: '', password: md5('x') }, '邮箱不能为空'],
    [{ email: TEST_ADMIN.email }, '密码不能为空'],
    [{ email: TEST_ADMIN.email, password: '' }, '密码不能为空'],
    [{ email: TEST_ADMIN.email, password: TEST_ADMIN.password }, '密码格式不正确'],
    [{ email: { $ne: '' }, password: md5('x') }, '邮箱不能为空'],
  ])('should refuse %j with code 2', async (body, message) => {
    expect(refused(await t.http.post('/api/login').send(body), 2)).toBe(message);
  });
});

describe('login throttling', () => {
  const attempt = (password: string, ip = '203.0.113.7') =>
    t.http
      .post('/api/login')
      .set('X-Forwarded-For', ip)
      .send({ email: TEST_ADMIN.email, password: md5(password) });

  it('should refuse every attempt, even the right password, after 5 failures within 15 minutes', async () => {
    for (let i = 0; i < 5; i += 1) expect(refused(await attempt('wrong'), 1)).toBe('邮箱或密码错误');
    expect(refused(await attempt('wrong'), 1)).toBe('登录失败次数过多，请 15 分钟后再试');
    expect(refused(await attempt(TEST_ADMIN.password), 1)).toMatch(/登录失败次数过多/);
  });

  it('should check no more passwords than the limit when 40 wrong logins come at once', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => attempt('wrong', '203.0.113.70')));
    const messages = answers.map((res) => refused(res, 1));
    // Each checked password answers 邮箱或密码错误; the others are turned away before their password is checked.
    const checked = messages.filter((message) => message === '邮箱或密码错误').length;
    const blocked = messages.filter((message) => message === '登录失败次数过多，请 15 分钟后再试').length;
    expect({ checked, blocked }).toEqual({ checked: 5, blocked: 35 });
    expect(refused(await attempt(TEST_ADMIN.password, '203.0.113.70'), 1)).toMatch(/登录失败次数过多/);
  });

  it('should reset the count after a successful login', async () => {
    for (let i = 0; i < 4; i += 1) refused(await attempt('wrong'), 1);
    ok(await attempt(TEST_ADMIN.password));
    for (let i = 0; i < 4; i += 1) expect(refused(await attempt('wrong'), 1)).toBe('邮箱或密码错误');
    ok(await attempt(TEST_ADMIN.password));
  });

  it('should double the block each time it is hit again', async () => {
    for (let i = 0; i < 5; i += 1) refused(await attempt('wrong'), 1);
    // Let the first block run out, then fail 5 more times.
    await t.sql(`UPDATE rate_limit SET blocked_until = now() - interval '1 second' WHERE key LIKE 'login:account:%'`);
    for (let i = 0; i < 5; i += 1) refused(await attempt('wrong'), 1);
    expect(refused(await attempt('wrong'), 1)).toBe('登录失败次数过多，请 30 分钟后再试');
  });

  it('should block one address trying many accounts', async () => {
    for (let i = 0; i < 20; i += 1) {
      refused(
        await t.http
          .post('/api/login')
          .set('X-Forwarded-For', '198.51.100.9')
          .send({ email: `probe${i}@example.com`, password: md5('x') }),
        1,
      );
    }
    const res = await t.http
      .post('/api/login')
      .set('X-Forwarded-For', '198.51.100.9')
      .send({ email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) });
    expect(refused(res, 1)).toMatch(/登录失败次数过多/);
  });
});

describe('sessions', () => {
  it('should refuse admin calls without a token, or with an unknown one, with code 3', async () => {
    expect(refused(await t.http.post('/api/menu').send({}), 3)).toBe('请先登录');
    expect(refused(await t.http.post('/api/menu').set('token', 'made-up').send({}), 3)).toBe('登录已失效，请重新登录');
  });

  it('should end the session on POST /api/quit', async () => {
    const token = await login(t);
    ok(await adminCall(t, token, '/api/menu'));
    const res = await adminCall(t, token, '/api/quit');
    ok(res);
    expect(res.body.msg).toBe('退出成功！');
    refused(await adminCall(t, token, '/api/menu'), 3);
  });

  it('should end a session idle for 2 hours', async () => {
    const token = await login(t);
    const hash = createHash('sha256').update(token).digest('hex');
    await t.sql(`UPDATE admin_session SET last_seen_at = now() - interval '2 hours 1 minute' WHERE token_hash = $1`, [
      hash,
    ]);
    refused(await adminCall(t, token, '/api/menu'), 3);
  });

  it('should keep an active session alive past 2 hours but not past 7 days', async () => {
    const token = await login(t);
    const hash = createHash('sha256').update(token).digest('hex');
    await t.sql(
      `UPDATE admin_session SET created_at = now() - interval '3 hours', last_seen_at = now() - interval '5 minutes' WHERE token_hash = $1`,
      [hash],
    );
    ok(await adminCall(t, token, '/api/menu'));
    const [row] = await t.sql<{ fresh: boolean }>(
      `SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM admin_session WHERE token_hash = $1`,
      [hash],
    );
    expect(row!.fresh).toBe(true);
    await t.sql(`UPDATE admin_session SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash]);
    refused(await adminCall(t, token, '/api/menu'), 3);
  });

  it('should accept the token in the query string only on the editor upload call', async () => {
    const token = await login(t);
    refused(await t.http.post(`/api/menu?token=${token}`).send({}), 3);
    const res = await t.http.post(`/api/uploaders?token=${token}`);
    expect(res.body).toEqual({ error: { message: '请选择要上传的图片' } });
  });
});

describe('POST /api/modification', () => {
  const change = (token: string, old: string, next: string, confirm = next) =>
    adminCall(t, token, '/api/modification', {
      old_password: md5(old),
      new_password: md5(next),
      confirm_password: md5(confirm),
    });

  it.each([
    [{ new_password: md5('a'), confirm_password: md5('a') }, '原密码不能为空'],
    [{ old_password: md5('a'), confirm_password: md5('b') }, '请输入密码'],
    [{ old_password: md5('a'), new_password: md5('b') }, '请再次输入密码'],
    [{ old_password: 'plain', new_password: md5('b'), confirm_password: md5('b') }, '密码格式不正确'],
  ])('should refuse %j with the documented message', async (body, message) => {
    const token = await login(t);
    expect(refused(await adminCall(t, token, '/api/modification', body), 2)).toBe(message);
  });

  it('should refuse a confirmation that differs and a new password equal to the old', async () => {
    const token = await login(t);
    expect(refused(await change(token, TEST_ADMIN.password, 'New-Pass-1', 'New-Pass-2'), 2)).toBe(
      '两次输入的密码不一致',
    );
    expect(refused(await change(token, TEST_ADMIN.password, TEST_ADMIN.password), 2)).toBe('新密码不能与原密码相同');
  });

  it('should refuse a wrong old password', async () => {
    const token = await login(t);
    expect(refused(await change(token, 'not-the-password', 'New-Pass-1'), 1)).toBe('原密码错误');
  });

  it('should check no more old passwords than the limit when 20 wrong ones come at once', async () => {
    const token = await login(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => change(token, 'not-it', 'New-Pass-1')));
    const messages = answers.map((res) => refused(res, 1));
    const checked = messages.filter((message) => message === '原密码错误').length;
    const blocked = messages.filter((message) => /原密码错误次数过多/.test(message)).length;
    expect({ checked, blocked }).toEqual({ checked: 5, blocked: 15 });
  });

  it('should change the password and end every session', async () => {
    const first = await login(t);
    const second = await login(t);
    const res = await change(first, TEST_ADMIN.password, 'Brand-New-2026');
    ok(res);
    expect(res.body.msg).toBe('修改成功，请重新登陆！');
    refused(await adminCall(t, first, '/api/menu'), 3);
    refused(await adminCall(t, second, '/api/menu'), 3);
    refused(await t.http.post('/api/login').send({ email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) }), 1);
    const fresh = await login(t, TEST_ADMIN.email, 'Brand-New-2026');
    ok(await change(fresh, 'Brand-New-2026', TEST_ADMIN.password));
  });
});

describe('a restart', () => {
  it('should keep the login block and the sessions on another instance of the same database', async () => {
    const token = await login(t);
    for (let i = 0; i < 5; i += 1) {
      refused(
        await t.http
          .post('/api/login')
          .set('X-Forwarded-For', '192.0.2.44')
          .send({ email: TEST_ADMIN.email, password: md5('wrong') }),
        1,
      );
    }
    const restarted = await createTestApp({ TRUST_PROXY: '1' }, { reuse: t });
    try {
      const res = await restarted.http
        .post('/api/login')
        .set('X-Forwarded-For', '192.0.2.44')
        .send({ email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) });
      expect(refused(res, 1)).toMatch(/登录失败次数过多/);
      ok(await adminCall(restarted, token, '/api/menu'));
      // The first administrator is created once, not again at the restart.
      const [count] = await restarted.sql<{ n: number }>('SELECT count(*)::int AS n FROM admin_user');
      expect(count!.n).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});
