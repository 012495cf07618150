import type { BaiduPushStatus, NotifyOverview } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { migrations } from '../../src/database/migrations/index.js';
import { OneOutbox1765200000000 } from '../../src/database/migrations/1765200000000-one-outbox.js';
import { adminCall, login } from '../support/admin-session.js';
import { ok } from '../support/envelope.js';
import { createTestApp, createTestDatabase } from '../support/test-app.js';

// A database from before the one outbox: Baidu's queue and the leads' outbox each had their own tables. Upgrading
// moves what was waiting, and what the logs kept, to the outbox; nothing is lost and the screens show the same.

const BEFORE = migrations.slice(0, migrations.indexOf(OneOutbox1765200000000));

async function olderDatabase(url: string): Promise<void> {
  const older = new DataSource({ type: 'postgres', url, migrations: BEFORE });
  await older.initialize();
  try {
    await older.runMigrations();
    await older.query(`
      INSERT INTO baidu_push_queue (path, reason, state, attempts, last_error, next_attempt_at)
      VALUES ('/details/7.html', 'update', 'pending', 2, 'HTTP 500', now() + interval '1 hour'),
             ('/move/details/7.html', 'create', 'failed', 10, '百度认为地址无效（not_valid）', now())`);
    await older.query(`
      INSERT INTO baidu_push_log (urls, status, ok, success, remain, error, manual)
      VALUES ('["https://www.yunfan.test/details/7.html"]', 500, false, NULL, NULL, 'HTTP 500', false)`);
    await older.query(`UPDATE notify_channel SET enabled = true WHERE channel = 'wecom'`);
    const [{ id }] = await older.query<[{ id: number }]>(
      `INSERT INTO message (name, phone, email, content) VALUES ('升级前客户', '13900000000', '', '旧留言') RETURNING id`,
    );
    await older.query(
      `INSERT INTO lead_outbox (message_id, channel, payload, state, attempts, last_error, next_attempt_at)
       VALUES ($1, 'wecom', $2, 'pending', 1, '连接超时', now() + interval '1 day'),
              ($1, 'dingtalk', $2, 'failed', 9, '通道未启用', now())`,
      [id, JSON.stringify({ name: '升级前客户', phone: '13900000000', content: '旧留言', time: '2026-11-01 10:00' })],
    );
    await older.query(
      `INSERT INTO lead_delivery_log (channel, message_id, subject, ok, answer, attempt)
       VALUES ('wecom', $1, '升级前客户 13900000000', false, '连接超时', 1)`,
      [id],
    );
  } finally {
    await older.destroy();
  }
}

describe('upgrading to the one outbox', () => {
  it('should move the waiting rows and the logs, and move them back when undone', async () => {
    const database = await createTestDatabase();
    try {
      await olderDatabase(database.url);
      const upgraded = await createTestApp({}, { databaseUrl: database.url });
      try {
        const token = await login(upgraded);
        const push = ok<BaiduPushStatus>(await adminCall(upgraded, token, '/api/baidupush'));
        expect([push.pending, push.failed]).toEqual([1, 1]);
        expect(push.queue.map((row) => [row.url, row.reason, row.state, row.attempts, row.last_error])).toEqual([
          ['/details/7.html', 'update', 'pending', 2, 'HTTP 500'],
          ['/move/details/7.html', 'create', 'failed', 10, '百度认为地址无效（not_valid）'],
        ]);
        expect(push.log.map((entry) => [entry.urls, entry.status, entry.ok, entry.error])).toEqual([
          [['https://www.yunfan.test/details/7.html'], 500, false, 'HTTP 500'],
        ]);

        const notify = ok<NotifyOverview>(await adminCall(upgraded, token, '/api/notifysettings'));
        expect(notify.queue).toEqual({ pending: 1, failed: 1 });
        expect(notify.deliveries.map((d) => [d.channel, d.subject, d.ok, d.answer, d.attempt, d.test])).toEqual([
          ['wecom', '升级前客户 13900000000', false, '连接超时', 1, false],
        ]);
        const rows = await upgraded.sql<{ lane: string; name: string; message_id: number; attempts: number }>(
          `SELECT lane, payload->>'name' AS name, (payload->>'message_id')::int AS message_id, attempts
           FROM outbox WHERE kind = 'lead' ORDER BY lane`,
        );
        const [message] = await upgraded.sql<{ id: number }>(`SELECT id FROM message WHERE name = '升级前客户'`);
        expect(rows).toEqual([
          { lane: 'dingtalk', name: '升级前客户', message_id: message!.id, attempts: 9 },
          { lane: 'wecom', name: '升级前客户', message_id: message!.id, attempts: 1 },
        ]);
      } finally {
        await upgraded.close();
      }

      const source = new DataSource({ type: 'postgres', url: database.url, migrations });
      await source.initialize();
      try {
        // Undo every migration after the one outbox's, then it.
        for (let n = migrations.length; n > migrations.indexOf(OneOutbox1765200000000); n -= 1) {
          await source.undoLastMigration();
        }
        const queue = await source.query<Array<{ path: string; reason: string; attempts: number }>>(
          'SELECT path, reason, attempts FROM baidu_push_queue ORDER BY id',
        );
        expect(queue).toEqual([
          { path: '/details/7.html', reason: 'update', attempts: 2 },
          { path: '/move/details/7.html', reason: 'create', attempts: 10 },
        ]);
        const leads = await source.query<Array<{ channel: string; payload: Record<string, unknown> }>>(
          'SELECT channel, payload FROM lead_outbox ORDER BY channel',
        );
        expect(leads.map((row) => [row.channel, row.payload.name, 'message_id' in row.payload])).toEqual([
          ['dingtalk', '升级前客户', false],
          ['wecom', '升级前客户', false],
        ]);
        const logs = await source.query<Array<{ n: number }>>(
          'SELECT (SELECT count(*) FROM baidu_push_log)::int + (SELECT count(*) FROM lead_delivery_log)::int AS n',
        );
        expect(logs[0]!.n).toBe(2);
      } finally {
        await source.destroy();
      }
    } finally {
      await database.drop();
    }
  });
});
