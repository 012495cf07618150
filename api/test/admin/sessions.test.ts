import type { SessionRow } from '@site/shared-types';
import { adminCall, md5 } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createAccount, type TestAccount } from '../support/team.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * 登录设备 (docs/behaviour.md#signed-in-devices): an account's live sessions with their device, address and times,
 * signing one of them out, and never another account's.
 */

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const BEIJING_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let account: TestAccount;

beforeAll(async () => {
  // One proxy in front: X-Forwarded-For names the client, so each device has its own address.
  t = await createTestApp({ TRUST_PROXY: '1' });
  account = await createAccount(t, 'contributor');
});
afterAll(() => t.close());

async function signInFrom(who: TestAccount, ip: string, userAgent: string): Promise<string> {
  const res = await t.http
    .post('/api/login')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', userAgent)
    .send({ email: who.email, password: md5(who.password) });
  return ok<{ token: string }>(res).token;
}

const sessions = async (token: string) => ok<SessionRow[]>(await adminCall(t, token, '/api/sessions'));

describe('POST /api/sessions', () => {
  it('should list the live sessions with device, address, times and which one is this', async () => {
    const desk = await signInFrom(account, '203.0.113.5', CHROME_WINDOWS);
    const phone = await signInFrom(account, '198.51.100.23', SAFARI_IPHONE);
    const odd = await signInFrom(account, '192.0.2.9', '');
    await t.sql(`UPDATE admin_session SET last_seen_at = now() - interval '5 minutes' WHERE user_id = $1`, [
      account.id,
    ]);

    const list = await sessions(phone);
    expect(list.map(({ device, ip, current }) => ({ device, ip, current }))).toEqual(
      expect.arrayContaining([
        { device: 'Chrome 131 · Windows 10', ip: '203.0.113.5', current: false },
        { device: 'Mobile Safari 17 · iOS 17.1', ip: '198.51.100.23', current: true },
        { device: '未知设备', ip: '192.0.2.9', current: false },
      ]),
    );
    // The list call touched this session: it is the most recently used.
    expect(list[0]).toMatchObject({ ip: '198.51.100.23', current: true });
    for (const row of list) {
      expect(row.id).toMatch(/^\d+$/);
      expect(row.created_at).toMatch(BEIJING_TIME);
      expect(row.last_seen_at).toMatch(BEIJING_TIME);
    }
    expect(list.filter((row) => row.current)).toHaveLength(1);
    await Promise.all([desk, odd].map((token) => adminCall(t, token, '/api/quit')));
  });

  it('should leave out sessions that ended, and those of other accounts', async () => {
    const other = await createAccount(t, 'editor');
    await signInFrom(other, '203.0.113.77', CHROME_WINDOWS);
    const idle = await signInFrom(account, '203.0.113.6', CHROME_WINDOWS);
    const token = await signInFrom(account, '203.0.113.7', CHROME_WINDOWS);
    const [idleRow] = (await sessions(idle)).filter((row) => row.current);
    await t.sql(`UPDATE admin_session SET last_seen_at = now() - interval '2 hours 1 minute' WHERE id = $1`, [
      idleRow!.id,
    ]);
    const list = await sessions(token);
    expect(list.map((row) => row.ip)).not.toContain('203.0.113.77');
    expect(list.map((row) => row.id)).not.toContain(idleRow!.id);
  });
});

describe('POST /api/endsession', () => {
  it('should sign that device out', async () => {
    const desk = await signInFrom(account, '203.0.113.10', CHROME_WINDOWS);
    const phone = await signInFrom(account, '203.0.113.11', SAFARI_IPHONE);
    const deskRow = (await sessions(desk)).find((row) => row.current)!;
    const res = await adminCall(t, phone, '/api/endsession', { id: deskRow.id });
    ok(res);
    expect(res.body.msg).toBe('已退出该设备');
    refused(await adminCall(t, desk, '/api/me'), 3);
    expect((await sessions(phone)).map((row) => row.id)).not.toContain(deskRow.id);
    expect(refused(await adminCall(t, phone, '/api/endsession', { id: deskRow.id }), 1)).toBe('会话不存在或已结束');
  });

  it("should refuse another account's session as if there were none", async () => {
    const other = await createAccount(t, 'editor');
    const theirs = await signInFrom(other, '203.0.113.20', CHROME_WINDOWS);
    const theirRow = (await sessions(theirs)).find((row) => row.current)!;
    const mine = await signInFrom(account, '203.0.113.21', CHROME_WINDOWS);
    expect(refused(await adminCall(t, mine, '/api/endsession', { id: theirRow.id }), 1)).toBe('会话不存在或已结束');
    ok(await adminCall(t, theirs, '/api/me'));
  });

  it.each([[{}], [{ id: 'abc' }], [{ id: '-1' }], [{ id: 1 }], [{ id: '1'.repeat(19) }], [{ id: { $gt: 0 } }]])(
    'should refuse %j with code 2',
    async (body) => {
      const token = await signInFrom(account, '203.0.113.30', CHROME_WINDOWS);
      expect(refused(await adminCall(t, token, '/api/endsession', body), 2)).toMatch(/^参数 id /);
    },
  );
});
