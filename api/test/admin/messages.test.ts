import type { AdminList, Message } from '@site/shared-types';
import { adminCall, login } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  token = await login(t);
});
afterAll(() => t.close());

const lead = {
  name: '王先生',
  phone: '13800138000',
  email: 'wang@example.com',
  address: '深圳市南山区',
  content: '想做一个企业官网，请联系我。',
};
const leave = (body: object, ip = '203.0.113.10') =>
  t.http.post('/api/leaveword').set('X-Forwarded-For', ip).send(body);

describe('POST /api/leaveword', () => {
  it('should store a message that appears first in the admin list, unread', async () => {
    const res = await leave({ ...lead, page: 'https://www.yunfan.example.com/move/about.html' });
    ok(res);
    expect(res.body.msg).toBe('提交成功，我们会尽快与您联系');
    const list = ok<AdminList<Message>>(await adminCall(t, token, '/api/leavewords', {}));
    expect(list.list.data[0]).toMatchObject({
      ...lead,
      read: false,
      page: 'https://www.yunfan.example.com/move/about.html',
    });
    expect(list.list.data[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it.each([
    [{ name: '' }, '姓名不能为空'],
    [{ phone: '' }, '电话不能为空'],
    [{ phone: '12345' }, '请填写正确的手机号或固定电话'],
    [{ phone: '1380013800<script>' }, '请填写正确的手机号或固定电话'],
    [{ email: 'not-an-email' }, '请填写正确的邮箱地址'],
    [{ content: '' }, '留言内容不能为空'],
    [{ content: '长'.repeat(1001) }, '留言内容不能超过 1000 个字符'],
    [{ name: ['王'] }, '姓名必须是文本'],
    [{ email: ['wang@example.com'] }, '邮箱必须是文本'],
  ])('should refuse %j', async (change, message) => {
    expect(refused(await leave({ ...lead, ...change }, '203.0.113.11'), 2)).toBe(message);
  });

  it.each(['0755-86000000', '075586000000', '400-000-0000', '+86 13800138000', '010-12345678-8001'])(
    'should accept the phone %s',
    async (phone) => {
      await t.sql('DELETE FROM rate_limit');
      ok(await leave({ ...lead, phone }, '203.0.113.12'));
    },
  );

  it('should accept a message without e-mail or address', async () => {
    ok(await leave({ name: '李女士', phone: '13900139000', content: '咨询小程序开发' }, '203.0.113.13'));
  });

  it('should answer a filled honeypot like a success and store nothing', async () => {
    const [before] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM message');
    ok(await leave({ ...lead, website: 'https://spam.example.com' }, '203.0.113.14'));
    const [after] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM message');
    expect(after!.n).toBe(before!.n);
  });

  it('should refuse a sixth message from one address within 10 minutes', async () => {
    for (let i = 0; i < 5; i += 1) ok(await leave({ ...lead, content: `第 ${i} 条` }, '198.51.100.77'));
    expect(refused(await leave(lead, '198.51.100.77'), 1)).toBe('提交过于频繁，请稍后再试');
    ok(await leave(lead, '198.51.100.78'));
  });

  it('should store no more than 5 of 20 messages sent from one address at once', async () => {
    const address = '198.51.100.79';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => leave({ ...lead, content: `同时提交 ${i}` }, address)),
    );
    const stored = answers.filter((res) => res.body.code === 0).length;
    const refusals = answers.filter((res) => res.body.msg === '提交过于频繁，请稍后再试').length;
    expect({ stored, refusals }).toEqual({ stored: 5, refusals: 15 });
    const [row] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM message WHERE ip = $1`, [address]);
    expect(row!.n).toBe(5);
  });
});

describe('admin messages', () => {
  it('should mark a message read and unread, and delete it', async () => {
    const list = ok<AdminList<Message>>(await adminCall(t, token, '/api/leavewords', { page: 1 }));
    expect(list.list.per_page).toBe(10);
    const first = list.list.data[0]!;
    ok(await adminCall(t, token, '/api/readleaveword', { id: first.id }));
    let [row] = await t.sql<{ read: boolean }>('SELECT read FROM message WHERE id = $1', [first.id]);
    expect(row!.read).toBe(true);
    ok(await adminCall(t, token, '/api/readleaveword', { id: first.id, read: false }));
    [row] = await t.sql<{ read: boolean }>('SELECT read FROM message WHERE id = $1', [first.id]);
    expect(row!.read).toBe(false);
    const res = await adminCall(t, token, '/api/deleteleaveword', { id: first.id });
    ok(res);
    expect(res.body.msg).toBe('删除成功');
    refused(await adminCall(t, token, '/api/deleteleaveword', { id: first.id }), 1);
    refused(await adminCall(t, token, '/api/readleaveword', { id: first.id }), 1);
  });

  it('should search and answer an empty page past the end', async () => {
    const found = ok<AdminList<Message>>(await adminCall(t, token, '/api/leavewords', { search: '小程序' }));
    expect(found.list.data.every((m) => `${m.name}${m.phone}${m.content}`.includes('小程序'))).toBe(true);
    expect(found.list.total).toBeGreaterThan(0);
    const past = ok<AdminList<Message>>(await adminCall(t, token, '/api/leavewords', { page: 40 }));
    expect(past.list.data).toEqual([]);
  });
});
