import type { AuditList } from '@site/shared-types';
import type { OpenAPIV3 } from 'openapi-types';
import { AUDIT_ACTIONS } from '../../src/core/audit/audit-actions.js';
import { AuditSweeper } from '../../src/core/audit/audit-sweeper.js';
import { adminCall, login, md5 } from '../support/admin-session.js';
import { ok, refused } from '../support/envelope.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.js';

/** The audit trail (docs/behaviour.md#audit-trail), on a real PostgreSQL. */

const RETENTION_DAYS = 200;
let t: TestApp;
let token: string;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', AUDIT_RETENTION_DAYS: String(RETENTION_DAYS) });
  token = await login(t);
  const [admin] = await t.sql<{ id: number }>('SELECT id FROM admin_user WHERE email = $1', [TEST_ADMIN.email]);
  adminId = admin!.id;
});
afterAll(() => t.close());

const call = (path: string, body: object = {}) => adminCall(t, token, path, body);
const from = (address: string) => ({ 'X-Forwarded-For': address });

interface Stored {
  id: string;
  actor_id: number | null;
  actor: string;
  ip: string;
  action: string;
  item_kind: string;
  item_id: number | null;
  title: string;
  revision: number | null;
}

/** The records written since `afterId`, oldest first. */
async function recordsAfter(afterId: string): Promise<Stored[]> {
  return t.sql<Stored>(
    `SELECT id::text, actor_id, actor, ip, action, item_kind, item_id, title, revision
     FROM audit_log WHERE id > $1::bigint ORDER BY audit_log.id`,
    [afterId],
  );
}

async function lastId(): Promise<string> {
  const [row] = await t.sql<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_log');
  return row!.id;
}

const caseForm = (change: object = {}) => ({
  id: 0,
  name: '审计测试案例',
  top: 2,
  dict_id: 3,
  class_id: 1,
  content: '<p>正文</p>',
  ...change,
});

describe('sign-ins', () => {
  it('should record a success with the account, the address and the time', async () => {
    const before = await lastId();
    const res = await t.http
      .post('/api/login')
      .set(from('203.0.113.7'))
      .send({ email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) });
    ok(res);
    expect(await recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'login', actor_id: adminId, actor: TEST_ADMIN.email, ip: '203.0.113.7' }),
    ]);
  });

  it('should record a failure with the e-mail typed, in a record of its own', async () => {
    const before = await lastId();
    refused(
      await t.http
        .post('/api/login')
        .set(from('203.0.113.8'))
        .send({ email: TEST_ADMIN.email, password: md5('x') }),
      1,
    );
    refused(
      await t.http
        .post('/api/login')
        .set(from('203.0.113.8'))
        .send({ email: 'nobody@yunfan.example.com', password: md5('x') }),
      1,
    );
    expect(await recordsAfter(before)).toEqual([
      expect.objectContaining({
        action: 'login_failed',
        actor_id: adminId,
        actor: TEST_ADMIN.email,
        ip: '203.0.113.8',
      }),
      expect.objectContaining({
        action: 'login_failed',
        actor_id: null,
        actor: 'nobody@yunfan.example.com',
        ip: '203.0.113.8',
      }),
    ]);
  });

  it('should record a lockout once the attempts limit blocks the account', async () => {
    const before = await lastId();
    const attempt = () =>
      t.http
        .post('/api/login')
        .set(from('203.0.113.9'))
        .send({ email: 'locked@yunfan.example.com', password: md5('wrong') });
    for (let i = 0; i < 5; i += 1) refused(await attempt(), 1);
    expect(refused(await attempt(), 1)).toMatch(/登录失败次数过多/);
    const records = await recordsAfter(before);
    expect(records.map((r) => r.action)).toEqual([...Array<string>(5).fill('login_failed'), 'login_locked']);
    expect(records.every((r) => r.ip === '203.0.113.9' && r.actor === 'locked@yunfan.example.com')).toBe(true);
  });

  it('should not record a refused request that is not a sign-in attempt (a malformed body)', async () => {
    const before = await lastId();
    refused(await t.http.post('/api/login').send({ email: 'x', password: 'y' }), 2);
    expect(await recordsAfter(before)).toEqual([]);
  });
});

describe('writes', () => {
  it('should record a case save with its id, title and the revision it made', async () => {
    const before = await lastId();
    const { id } = ok<{ id: number }>(await call('/api/amendcase', caseForm()));
    ok(await call('/api/amendcase', caseForm({ id, name: '审计测试案例（改）' })));
    const revisions = await t.sql<{ number: number }>(
      `SELECT number FROM revision WHERE kind = 'case' AND item_id = $1 ORDER BY number`,
      [id],
    );
    expect(revisions).toHaveLength(2);
    expect(await recordsAfter(before)).toEqual([
      expect.objectContaining({
        action: 'case_save',
        actor_id: adminId,
        actor: TEST_ADMIN.email,
        item_kind: 'case',
        item_id: id,
        title: '审计测试案例',
        revision: revisions[0]!.number,
      }),
      expect.objectContaining({
        action: 'case_save',
        item_id: id,
        title: '审计测试案例（改）',
        revision: revisions[1]!.number,
      }),
    ]);
  });

  it('should record a delete with the item the call names', async () => {
    const { id } = ok<{ id: number }>(await call('/api/amendcase', caseForm({ name: '待删除案例' })));
    const before = await lastId();
    ok(await call('/api/deletecase', { id }));
    expect(await recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'case_delete', item_kind: 'case', item_id: id }),
    ]);
  });

  it('should record a site block save with its revision', async () => {
    const header = ok<object>(await call('/api/getheader'));
    const before = await lastId();
    ok(await call('/api/amendheader', header));
    const [latest] = await t.sql<{ number: number }>(
      `SELECT max(number) AS number FROM revision WHERE kind = 'header' AND item_id = 0`,
    );
    expect(await recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'header_save', item_kind: 'header', item_id: 0, revision: latest!.number }),
    ]);
  });

  it('should leave no record of a write the database refused, nor of one refused before it', async () => {
    const before = await lastId();
    // The picture is not in the media library: the database refuses the save inside its transaction.
    refused(await call('/api/amendcase', caseForm({ img: `/uploads/2099/01/${'0'.repeat(32)}.png` })), 1);
    refused(await call('/api/amendcase', caseForm({ id: 999_999 })), 1);
    refused(await call('/api/amendcase', caseForm({ class_id: 6 })), 2);
    refused(await call('/api/deletecase', { id: 999_999 }), 1);
    expect(await recordsAfter(before)).toEqual([]);
  });

  it('should record a write made without a transaction right after it', async () => {
    const [message] = await t.sql<{ id: number }>(
      `INSERT INTO message (name, phone, content) VALUES ('审计', '13800000000', '留言') RETURNING id`,
    );
    const before = await lastId();
    ok(await call('/api/readleaveword', { id: message!.id }));
    expect(await recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'lead_read', item_kind: 'lead', item_id: message!.id }),
    ]);
  });
});

describe('the table', () => {
  it('should refuse to change or delete a recent record, and to empty the table', async () => {
    const [row] = await t.sql<{ id: string }>('SELECT max(id)::text AS id FROM audit_log');
    await expect(t.sql(`UPDATE audit_log SET actor = 'x' WHERE id = $1`, [row!.id])).rejects.toThrow(/append-only/);
    await expect(t.sql('DELETE FROM audit_log WHERE id = $1', [row!.id])).rejects.toThrow(/append-only/);
    await expect(t.sql('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('should sweep only the records older than AUDIT_RETENTION_DAYS', async () => {
    const [old, kept] = await t.sql<{ id: string }>(
      `INSERT INTO audit_log (at, actor, action) VALUES
         (now() - make_interval(days => $1), 'old@yunfan.example.com', 'login'),
         (now() - make_interval(days => $2), 'kept@yunfan.example.com', 'login')
       RETURNING id::text`,
      [RETENTION_DAYS + 1, RETENTION_DAYS - 5],
    );
    expect(await t.app.get(AuditSweeper).sweep()).toBe(1);
    const left = await t.sql<{ id: string }>('SELECT id::text FROM audit_log WHERE id IN ($1, $2)', [
      old!.id,
      kept!.id,
    ]);
    expect(left).toEqual([{ id: kept!.id }]);
  });
});

describe('/api/auditlog', () => {
  let other: number;
  beforeAll(async () => {
    const [account] = await t.sql<{ id: number }>(
      `INSERT INTO admin_user (email, password_hash, role, name) VALUES ('auditor@yunfan.example.com', 'x', 'editor', '审计员')
       RETURNING id`,
    );
    other = account!.id;
    // 60 records of the other account on 2026-03-01 and 2026-03-02 (Beijing), 30 of them saves of case 4242.
    await t.sql(
      `INSERT INTO audit_log (at, actor_id, actor, ip, action, item_kind, item_id, title)
       SELECT timestamptz '2026-03-01 00:00:00+08' + make_interval(hours => i), $1, 'auditor@yunfan.example.com',
              '198.51.100.1', CASE WHEN i % 2 = 0 THEN 'case_save' ELSE 'login' END,
              CASE WHEN i % 2 = 0 THEN 'case' ELSE '' END, CASE WHEN i % 2 = 0 THEN 4242 END, '记录 ' || i
       FROM generate_series(0, 59) i`,
      [other],
    );
  });

  it('should list newest first, with the operations and accounts a filter can name', async () => {
    const list = ok<AuditList>(await call('/api/auditlog', {}));
    expect(list.page).toBe(1);
    expect(list.data.length).toBe(list.per_page);
    expect(list.more).toBe(true);
    const times = list.data.map((r) => `${r.at}#${String(r.id).padStart(12, '0')}`);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.actions).toEqual(Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })));
    expect(list.actors).toEqual(
      expect.arrayContaining([
        { id: adminId, label: TEST_ADMIN.email },
        { id: other, label: '审计员（auditor@yunfan.example.com）' },
      ]),
    );
    expect(Object.keys(list.data[0]!).sort()).toEqual(
      ['id', 'at', 'actor', 'ip', 'action', 'action_name', 'item_kind', 'item_id', 'title', 'revision'].sort(),
    );
    expect(list.data[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('should filter by person and page on with `more`', async () => {
    const first = ok<AuditList>(await call('/api/auditlog', { actor: other }));
    expect(first.data).toHaveLength(50);
    expect(first.more).toBe(true);
    expect(first.data[0]).toMatchObject({
      at: '2026-03-03 11:00:00',
      title: '记录 59',
      actor: 'auditor@yunfan.example.com',
    });
    const second = ok<AuditList>(await call('/api/auditlog', { actor: other, page: 2 }));
    expect(second.data.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `记录 ${9 - i}`));
    expect(second.more).toBe(false);
  });

  it('should filter by operation, item and Beijing dates, both days included', async () => {
    const saves = ok<AuditList>(await call('/api/auditlog', { actor: other, action: 'case_save' }));
    expect(saves.data).toHaveLength(30);
    expect(saves.data.every((r) => r.action === 'case_save' && r.action_name === '保存案例')).toBe(true);
    const item = ok<AuditList>(await call('/api/auditlog', { item_kind: 'case', item_id: 4242 }));
    expect(item.data).toHaveLength(30);
    // 2026-03-01 00:00 to 23:00 Beijing: the first 24 hours.
    const day = ok<AuditList>(await call('/api/auditlog', { actor: other, from: '2026-03-01', to: '2026-03-01' }));
    expect(day.data.map((r) => r.title)).toEqual(Array.from({ length: 24 }, (_, i) => `记录 ${23 - i}`));
    const two = ok<AuditList>(await call('/api/auditlog', { actor: other, from: '2026-03-02', to: '2026-03-03' }));
    expect(two.data).toHaveLength(36);
    expect(refused(await call('/api/auditlog', { from: '2026-02-30' }), 2)).toMatch(/yyyy-MM-dd/);
  });

  it('should refuse an account without the manage level', async () => {
    const [editor] = await t.sql<{ email: string }>(
      `INSERT INTO admin_user (email, password_hash, role) VALUES ('audit-editor@yunfan.example.com', $1, 'editor')
       RETURNING email`,
      [await (await import('../../src/core/auth/password.js')).hashPassword(md5('Editor-2026!'))],
    );
    const editorToken = await login(t, editor!.email, 'Editor-2026!');
    refused(await adminCall(t, editorToken, '/api/auditlog', {}), 3);
    refused(await adminCall(t, editorToken, '/api/exportauditlog', {}), 3);
  });

  it('should export the filtered records as CSV with a BOM, and record the export', async () => {
    const before = await lastId();
    const res = await call('/api/exportauditlog', { actor: other, action: 'case_save' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E6%93%8D%E4%BD%9C%E6%97%A5%E5%BF%97-");
    const text = res.text;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"时间","操作人","IP 地址","操作","对象类型","对象编号","标题","版本"');
    expect(lines).toHaveLength(31);
    expect(lines[1]).toBe(
      '"2026-03-03 10:00:00","auditor@yunfan.example.com","198.51.100.1","保存案例","案例","4242","记录 58",""',
    );
    expect(await recordsAfter(before)).toEqual([
      expect.objectContaining({ action: 'audit_export', actor_id: adminId }),
    ]);
  });
});

describe('the declaration of every admin call', () => {
  it('should say of every call with an access level how it is audited (x-audit)', async () => {
    const document = (await t.http.get('/api/docs/openapi.json')).body as OpenAPIV3.Document;
    const undeclared: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of ['get', 'post'] as const) {
        const operation = item?.[method] as (OpenAPIV3.OperationObject & Record<string, unknown>) | undefined;
        if (!operation?.['x-access']) continue;
        const audit = operation['x-audit'];
        const declared = audit === false || (typeof audit === 'string' && Object.hasOwn(AUDIT_ACTIONS, audit));
        if (!declared) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
