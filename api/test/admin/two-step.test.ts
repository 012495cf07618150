import { createHash } from 'node:crypto';
import {
  NO_PERMISSION,
  RECOVERY_CODE_COUNT,
  TWO_STEP_NEEDED,
  TWO_STEP_SETUP_FIRST,
  type RecoveryCodes,
  type TwoStepSetup,
} from '@site/shared-types';
import { Secret, TOTP, URI } from 'otpauth';
import { hashPassword } from '../../src/core/auth/password.js';
import { adminCall, login, md5 } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.js';

/**
 * Two-step sign-in (docs/behaviour.md#two-step-sign-in) on a real database: setting it up from the secret the
 * server answers, signing in with a code (once per code), recovery codes, turning it off, a role that requires it,
 * and an administrator turning it off for a lost phone. Codes are computed by otpauth from the answered secret at the
 * real clock: the server takes the step before and after its own, and a code only for a step later than the last.
 */
let t: TestApp;

const PASSWORD = 'Two-Step-2026!';
const ACCOUNTS = {
  admin: 'second@yunfan.example.com',
  editor: 'editor@yunfan.example.com',
} as const;
const ids: Record<keyof typeof ACCOUNTS, number> = { admin: 0, editor: 0 };
const RECOVERY_SHAPE = /^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  const hash = await hashPassword(md5(PASSWORD));
  for (const [role, email] of Object.entries(ACCOUNTS) as [keyof typeof ACCOUNTS, string][]) {
    const [row] = await t.sql<{ id: number }>(
      'INSERT INTO admin_user (email, password_hash, role) VALUES ($1, $2, $3) RETURNING id',
      [email, hash, role],
    );
    ids[role] = row!.id;
  }
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.sql('DELETE FROM rate_limit');
});

/** The code an authenticator shows for the secret, `steps` time steps from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
/** The code of one time step (30 s since the epoch each). */
const codeAtStep = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
const currentStep = () => Math.floor(Date.now() / 30_000);

let address = 0;
/** Signs in from an address of its own (the lockout counts per account and address). */
const signIn = (email: string, code?: string, password = PASSWORD) =>
  t.http
    .post('/api/login')
    .set('X-Forwarded-For', `203.0.113.${(address = (address % 250) + 1)}`)
    .send({ email, password: md5(password), ...(code === undefined ? {} : { code }) });

/** Sets two-step sign-in up for the account behind the token; answers its secret and recovery codes. */
async function turnOn(token: string): Promise<{ secret: string; codes: string[] }> {
  const setup = ok<TwoStepSetup>(await adminCall(t, token, '/api/twostepsetup'));
  const { codes } = ok<RecoveryCodes>(await adminCall(t, token, '/api/twostepenable', { code: codeOf(setup.secret) }));
  return { secret: setup.secret, codes };
}

/** Forgets the last step used, so that the next test may use the current code again. */
const forgetSteps = () => t.sql('UPDATE admin_user SET totp_last_step = NULL WHERE totp_secret IS NOT NULL');

const turnOff = (id: number) =>
  t.sql(`UPDATE admin_user SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL WHERE id = $1`, [id]);

describe('setting two-step sign-in up', () => {
  let token: string;
  let secret: string;
  let earlier: string;

  beforeAll(async () => {
    token = await login(t, ACCOUNTS.admin, PASSWORD);
  });

  it('should answer a new secret as a QR code and an otpauth address for the authenticator, kept pending', async () => {
    const setup = ok<TwoStepSetup>(await adminCall(t, token, '/api/twostepsetup'));
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.qr).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const parsed = URI.parse(setup.uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({
      issuer: '云帆科技',
      label: ACCOUNTS.admin,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    expect(parsed.secret.base32).toBe(setup.secret);

    const [row] = await t.sql('SELECT totp_secret, totp_pending FROM admin_user WHERE id = $1', [ids.admin]);
    expect(row).toEqual({ totp_secret: null, totp_pending: setup.secret });
    // Not on until confirmed: the password alone still signs in.
    ok(await signIn(ACCOUNTS.admin));

    // Asking again replaces the pending secret.
    earlier = setup.secret;
    secret = ok<TwoStepSetup>(await adminCall(t, token, '/api/twostepsetup')).secret;
    expect(secret).not.toBe(earlier);
  });

  it.each([
    [{}, 2, '请输入验证码'],
    [{ code: '' }, 2, '请输入验证码'],
    [{ code: 123456 }, 2, '请输入验证码'],
    [{ code: '12345' }, 2, '验证码格式不正确'],
    [{ code: 'abc' }, 2, '验证码格式不正确'],
  ] as const)('should refuse %j with code %d', async (body, code, message) => {
    expect(refused(await adminCall(t, token, '/api/twostepenable', body), code)).toBe(message);
  });

  it('should refuse a wrong code, and a code of the secret shown before', async () => {
    const wrong = String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect(refused(await adminCall(t, token, '/api/twostepenable', { code: wrong }), 1)).toBe('两步验证码错误');
    expect(refused(await adminCall(t, token, '/api/twostepenable', { code: codeOf(earlier) }), 1)).toBe(
      '两步验证码错误',
    );
  });

  it('should turn it on with a code of the pending secret and answer ten recovery codes, stored as SHA-256 only', async () => {
    // The code as some apps show it, with a space.
    const code = codeOf(secret);
    const { codes } = ok<RecoveryCodes>(
      await adminCall(t, token, '/api/twostepenable', { code: `${code.slice(0, 3)} ${code.slice(3)}` }),
    );
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const recovery of codes) expect(recovery).toMatch(RECOVERY_SHAPE);

    const [row] = await t.sql('SELECT totp_secret, totp_pending FROM admin_user WHERE id = $1', [ids.admin]);
    expect(row).toEqual({ totp_secret: secret, totp_pending: null });
    const stored = await t.sql<{ code_hash: string; used_at: Date | null }>(
      'SELECT code_hash, used_at FROM admin_recovery_code WHERE user_id = $1 ORDER BY code_hash',
      [ids.admin],
    );
    const hashes = codes.map((recovery) =>
      createHash('sha256').update(recovery.replace('-', ''), 'utf8').digest('hex'),
    );
    expect(stored.map((r) => r.code_hash)).toEqual([...hashes].sort());
    expect(stored.every((r) => r.used_at === null)).toBe(true);

    // The code that confirmed it cannot sign in: its step is used.
    expect(refused(await signIn(ACCOUNTS.admin, code), 1)).toBe('该验证码已使用过，请等待验证器显示下一个验证码');
  });

  it('should refuse setting it up again while it is on (a new phone: turn it off first)', async () => {
    for (const path of ['/api/twostepsetup', '/api/twostepenable'] as const) {
      expect(refused(await adminCall(t, token, path, { code: codeOf(secret) }), 1)).toBe(
        '两步验证已开启；如需更换手机，请先关闭再重新设置',
      );
    }
  });

  afterAll(() => turnOff(ids.admin));
});

describe('signing in with two-step sign-in', () => {
  let secret: string;
  let codes: string[];

  beforeAll(async () => {
    ({ secret, codes } = await turnOn(await login(t, ACCOUNTS.admin, PASSWORD)));
  });
  beforeEach(forgetSteps);
  afterAll(() => turnOff(ids.admin));

  it('should refuse the right password without a code with the two-step message, and keep a wrong password wrong', async () => {
    expect(refused(await signIn(ACCOUNTS.admin), 1)).toBe(TWO_STEP_NEEDED);
    expect(refused(await signIn(ACCOUNTS.admin, ''), 1)).toBe(TWO_STEP_NEEDED);
    expect(refused(await signIn(ACCOUNTS.admin, null as unknown as string), 1)).toBe(TWO_STEP_NEEDED);
    // A wrong password says nothing of the second step, with or without a code.
    expect(refused(await signIn(ACCOUNTS.admin, undefined, 'wrong'), 1)).toBe('邮箱或密码错误');
    expect(refused(await signIn(ACCOUNTS.admin, codeOf(secret), 'wrong'), 1)).toBe('邮箱或密码错误');
  });

  it('should sign in with the current code, and take each code once', async () => {
    const code = codeOf(secret);
    const { token } = ok<{ token: string }>(await signIn(ACCOUNTS.admin, code));
    ok(await adminCall(t, token, '/api/menu'));
    expect(refused(await signIn(ACCOUNTS.admin, code), 1)).toBe('该验证码已使用过，请等待验证器显示下一个验证码');
    // The step before is older than the one used: refused too; the next step's code (a fast phone) signs in.
    expect(refused(await signIn(ACCOUNTS.admin, codeOf(secret, -1)), 1)).toBe(
      '该验证码已使用过，请等待验证器显示下一个验证码',
    );
    const next = currentStep() + 1;
    ok(await signIn(ACCOUNTS.admin, codeAtStep(secret, next)));
    const [row] = await t.sql<{ step: string }>('SELECT totp_last_step::text AS step FROM admin_user WHERE id = $1', [
      ids.admin,
    ]);
    expect(Number(row!.step)).toBe(next);
  });

  it('should take one sign-in of two sent at once with the same code', async () => {
    const code = codeOf(secret);
    const answers = await Promise.all([signIn(ACCOUNTS.admin, code), signIn(ACCOUNTS.admin, code)]);
    expect(answers.map((res) => res.body.code).sort()).toEqual([0, 1]);
  });

  it('should refuse a code of a step too far away and a malformed one', async () => {
    expect(refused(await signIn(ACCOUNTS.admin, codeOf(secret, 3)), 1)).toBe('两步验证码错误');
    expect(refused(await signIn(ACCOUNTS.admin, codeOf(secret, -3)), 1)).toBe('两步验证码错误');
    expect(refused(await signIn(ACCOUNTS.admin, '12 34'), 2)).toBe('验证码格式不正确');
    expect(refused(await signIn(ACCOUNTS.admin, { $ne: '' } as unknown as string), 2)).toBe('请输入验证码');
  });

  it('should count wrong codes as failed logins: five block the account from that address', async () => {
    const from = (code: string) =>
      t.http
        .post('/api/login')
        .set('X-Forwarded-For', '198.51.100.44')
        .send({ email: ACCOUNTS.admin, password: md5(PASSWORD), code });
    for (let i = 0; i < 5; i++) expect(refused(await from('000000'), 1)).toMatch(/两步验证码错误|已使用过/);
    expect(refused(await from(codeOf(secret)), 1)).toBe('登录失败次数过多，请 15 分钟后再试');
  });

  it('should take a recovery code once, however it is typed, and mark it used with the session', async () => {
    const [first, second] = codes;
    const { token } = ok<{ token: string }>(await signIn(ACCOUNTS.admin, first!.toUpperCase()));
    ok(await adminCall(t, token, '/api/menu'));
    expect(refused(await signIn(ACCOUNTS.admin, first), 1)).toBe('两步验证码错误');
    ok(await signIn(ACCOUNTS.admin, second!.replace('-', '')));
    const used = await t.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM admin_recovery_code WHERE user_id = $1 AND used_at IS NOT NULL',
      [ids.admin],
    );
    expect(used[0]!.n).toBe(2);
    // Another account's recovery code is no code of this one.
    expect(refused(await signIn(ACCOUNTS.admin, 'abcd-efgh'), 1)).toBe('两步验证码错误');
  });

  it('should leave a recovery code unused when the sign-in is refused for another reason', async () => {
    await t.sql('UPDATE admin_user SET disabled_at = now() WHERE id = $1', [ids.admin]);
    try {
      expect(refused(await signIn(ACCOUNTS.admin, codes[2]), 1)).toBe('该账号已停用，请联系网站管理员');
    } finally {
      await t.sql('UPDATE admin_user SET disabled_at = NULL WHERE id = $1', [ids.admin]);
    }
    ok(await signIn(ACCOUNTS.admin, codes[2]));
  });

  it('should make ten new recovery codes for a code, after which the old ones stop working', async () => {
    const token = ok<{ token: string }>(await signIn(ACCOUNTS.admin, codeOf(secret))).token;
    expect(refused(await adminCall(t, token, '/api/recoverycodes', {}), 2)).toBe('请输入验证码');
    expect(refused(await adminCall(t, token, '/api/recoverycodes', { code: codes[0] }), 1)).toBe('两步验证码错误');
    // An unused recovery code is a code too (and is spent by it).
    const fresh = ok<RecoveryCodes>(await adminCall(t, token, '/api/recoverycodes', { code: codes[3] })).codes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.filter((code) => codes.includes(code))).toEqual([]);
    expect(refused(await signIn(ACCOUNTS.admin, codes[4]), 1)).toBe('两步验证码错误');
    ok(await signIn(ACCOUNTS.admin, fresh[0]));
    codes = fresh.slice(1);
  });

  it('should sign in without a code an account that has no two-step sign-in, a code sent or not', async () => {
    ok(await signIn(TEST_ADMIN.email, undefined, TEST_ADMIN.password));
    ok(await signIn(TEST_ADMIN.email, '', TEST_ADMIN.password));
    ok(await signIn(TEST_ADMIN.email, '123456', TEST_ADMIN.password));
  });
});

describe('turning two-step sign-in off', () => {
  let secret: string;
  let token: string;

  beforeAll(async () => {
    secret = (await turnOn(await login(t, ACCOUNTS.admin, PASSWORD))).secret;
    await forgetSteps();
    token = ok<{ token: string }>(await signIn(ACCOUNTS.admin, codeOf(secret))).token;
  });

  it('should need a code', async () => {
    expect(refused(await adminCall(t, token, '/api/twostepdisable', {}), 2)).toBe('请输入验证码');
    expect(refused(await adminCall(t, token, '/api/twostepdisable', { code: 'zzzz-zzzz' }), 1)).toBe('两步验证码错误');
    expect(refused(await signIn(ACCOUNTS.admin), 1)).toBe(TWO_STEP_NEEDED);
  });

  it('should turn it off with a code: the password alone signs in again', async () => {
    ok(await adminCall(t, token, '/api/twostepdisable', { code: codeOf(secret, 1) }));
    const [row] = await t.sql('SELECT totp_secret, totp_pending, totp_last_step FROM admin_user WHERE id = $1', [
      ids.admin,
    ]);
    expect(row).toEqual({ totp_secret: null, totp_pending: null, totp_last_step: null });
    expect(await t.sql('SELECT 1 FROM admin_recovery_code WHERE user_id = $1', [ids.admin])).toEqual([]);
    ok(await signIn(ACCOUNTS.admin));
    // The session that turned it off goes on.
    ok(await adminCall(t, token, '/api/menu'));
    expect(refused(await adminCall(t, token, '/api/twostepdisable', { code: codeOf(secret) }), 1)).toBe(
      '两步验证未开启',
    );
    expect(refused(await adminCall(t, token, '/api/recoverycodes', { code: codeOf(secret) }), 1)).toBe(
      '两步验证未开启',
    );
  });

  it('should block the account own code screens after five wrong codes', async () => {
    secret = (await turnOn(token)).secret;
    for (let i = 0; i < 5; i++) refused(await adminCall(t, token, '/api/recoverycodes', { code: '000000' }), 1);
    expect(refused(await adminCall(t, token, '/api/twostepdisable', { code: codeOf(secret, 1) }), 1)).toBe(
      '验证码错误次数过多，请 15 分钟后再试',
    );
  });

  afterAll(() => turnOff(ids.admin));
});

describe('roles that require two-step sign-in', () => {
  let owner: string;

  beforeAll(async () => {
    owner = await login(t);
  });
  afterAll(async () => {
    await t.sql('UPDATE role_policy SET two_step_required = false');
    await turnOff(ids.editor);
  });

  it.each([
    [{}, '参数 roles 必须是列表'],
    [{ roles: 'editor' }, '参数 roles 必须是列表'],
    [{ roles: ['editor', 'nobody'] }, '参数 roles 的每一项都必须是 owner、admin、editor、contributor 之一'],
  ])('should refuse the policy %j with code 2', async (body, message) => {
    expect(refused(await adminCall(t, owner, '/api/twosteppolicy', body), 2)).toBe(message);
  });

  it('should be set by the owner and administrators only', async () => {
    const editor = await login(t, ACCOUNTS.editor, PASSWORD);
    expect(refused(await adminCall(t, editor, '/api/twosteppolicy', { roles: [] }), 3)).toBe(NO_PERMISSION);
  });

  it('should write exactly the roles given', async () => {
    ok(await adminCall(t, owner, '/api/twosteppolicy', { roles: ['contributor', 'editor', 'editor'] }));
    const rows = await t.sql('SELECT role, two_step_required FROM role_policy ORDER BY role');
    expect(rows).toEqual([
      { role: 'admin', two_step_required: false },
      { role: 'contributor', two_step_required: true },
      { role: 'editor', two_step_required: true },
      { role: 'owner', two_step_required: false },
    ]);
    ok(await adminCall(t, owner, '/api/twosteppolicy', { roles: ['editor'] }));
    const required = await t.sql('SELECT role FROM role_policy WHERE two_step_required');
    expect(required).toEqual([{ role: 'editor' }]);
  });

  it('should leave an account without it only its own calls until it is set up, then everything its role holds', async () => {
    const editor = await login(t, ACCOUNTS.editor, PASSWORD);
    expect(refused(await adminCall(t, editor, '/api/menu'), 3)).toBe(TWO_STEP_SETUP_FIRST);
    const { secret } = await turnOn(editor);
    ok(await adminCall(t, editor, '/api/menu'));
    // The role requires it: it cannot be turned off (the code stays unused).
    const code = codeOf(secret, 1);
    expect(refused(await adminCall(t, editor, '/api/twostepdisable', { code }), 1)).toBe(
      '「编辑」角色要求两步验证，不能关闭',
    );
    ok(await signIn(ACCOUNTS.editor, code));
  });
});

describe("an administrator turning off another account's two-step sign-in", () => {
  let owner: string;

  beforeAll(async () => {
    owner = await login(t);
  });

  it('should clear its secret and recovery codes, end its sessions and lift its lockouts', async () => {
    const { secret } = await turnOn(await login(t, ACCOUNTS.admin, PASSWORD));
    await forgetSteps();
    const session = ok<{ token: string }>(await signIn(ACCOUNTS.admin, codeOf(secret))).token;
    // A lost phone: wrong guesses locked the account out from one address.
    const from = (code?: string) =>
      t.http
        .post('/api/login')
        .set('X-Forwarded-For', '198.51.100.45')
        .send({ email: ACCOUNTS.admin, password: md5(PASSWORD), code });
    for (let i = 0; i < 5; i++) refused(await from('000000'), 1);

    ok(await adminCall(t, owner, '/api/resettwostep', { id: ids.admin }));
    expect(refused(await adminCall(t, session, '/api/menu'), 3)).toBe('登录已失效，请重新登录');
    const [row] = await t.sql('SELECT totp_secret, totp_pending, totp_last_step FROM admin_user WHERE id = $1', [
      ids.admin,
    ]);
    expect(row).toEqual({ totp_secret: null, totp_pending: null, totp_last_step: null });
    expect(await t.sql('SELECT 1 FROM admin_recovery_code WHERE user_id = $1', [ids.admin])).toEqual([]);
    ok(await from());
  });

  it("should refuse one's own, the owner's, an unknown account and one without two-step sign-in", async () => {
    const [ownerRow] = await t.sql<{ id: number }>(`SELECT id FROM admin_user WHERE role = 'owner'`);
    const admin = await login(t, ACCOUNTS.admin, PASSWORD);
    expect(refused(await adminCall(t, owner, '/api/resettwostep', { id: ownerRow!.id }), 1)).toBe(
      '不能重置自己的两步验证，请在「账号安全」中用验证码关闭',
    );
    expect(refused(await adminCall(t, admin, '/api/resettwostep', { id: ownerRow!.id }), 1)).toBe(
      '所有者的两步验证只能由所有者本人用验证码关闭，或在服务器上运行 npm run admin -- reset-2fa',
    );
    expect(refused(await adminCall(t, owner, '/api/resettwostep', { id: 999_999 }), 1)).toBe('账号不存在');
    expect(refused(await adminCall(t, owner, '/api/resettwostep', { id: ids.admin }), 1)).toBe('该账号未开启两步验证');
    expect(refused(await adminCall(t, owner, '/api/resettwostep', { id: 'x' }), 2)).toBe('参数 id 必须是正整数');
  });

  it('should be refused to a role without the manage level', async () => {
    const editor = await login(t, ACCOUNTS.editor, PASSWORD);
    expect(refused(await adminCall(t, editor, '/api/resettwostep', { id: ids.admin }), 3)).toBe(NO_PERMISSION);
  });
});
