import ExcelJS from 'exceljs';
import type { Response } from 'supertest';
import { csvCell } from '../../src/content/messages/messages.export.js';
import { EXPORT_MAX } from '../../src/content/messages/messages.service.js';
import { login } from '../support/admin-session.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * 留言管理's export streamed (docs/behaviour.md#leads): on more messages than one batch of the export reads, the
 * CSV and the XLSX hold exactly the messages a one-query read gives, newest first, once each (ties on the time
 * broken by id across a batch's end), with the search applied, at most EXPORT_MAX of them; and the export is
 * recorded in the audit trail.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await login(t);
  // 2,600 messages: 1,500 of them left in the same second (one batch ends among them), some with text a CSV or a
  // spreadsheet must keep as typed.
  await t.sql(
    `INSERT INTO message (name, phone, email, address, content, page, read, ip, user_agent, created_at)
     SELECT '客户' || i, '1380013' || lpad(i::text, 4, '0'), CASE WHEN i % 3 = 0 THEN 'c' || i || '@example.com' ELSE '' END,
            CASE WHEN i % 5 = 0 THEN '广州市' ELSE '' END,
            CASE WHEN i % 7 = 0 THEN '=SUM(A1:A2) "引号", 逗号' || chr(10) || '第二行' ELSE '想了解建站费用 ' || i END,
            '/about.html', i % 2 = 0, '203.0.113.1', 'test',
            CASE WHEN i <= 1500 THEN timestamptz '2025-06-01 10:00:00+08' ELSE timestamptz '2025-01-01 00:00:00+08' + make_interval(mins => i) END
     FROM generate_series(1, 2600) i`,
  );
  // As autovacuum would after such a load: the planner knows the table is no longer empty.
  await t.sql('ANALYZE message');
});
afterAll(() => t.close());

interface Row {
  create_time: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  content: string;
  page: string;
  read: boolean;
}

/** The messages a search finds as one query reads them, newest first. */
const expected = (search = '') =>
  t.sql<Row>(
    `SELECT to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time,
            name, phone, email, address, content, page, read
     FROM message WHERE $1 = '' OR position(lower($1) in lower(name || ' ' || phone || ' ' || content)) > 0
     ORDER BY created_at DESC, id DESC`,
    [search],
  );

const cells = (row: Row) => [
  row.create_time,
  row.name,
  row.phone,
  row.email,
  row.address,
  row.content,
  row.page,
  row.read ? '已读' : '未读',
];

const HEADERS = ['留言时间', '姓名', '电话', '邮箱', '地址', '留言内容', '来源页面', '状态'];

function exportOf(body: object): Promise<Response> {
  return t.http
    .post('/api/exportleavewords')
    .set('token', token)
    .send(body)
    .buffer(true)
    .parse((response, callback) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => callback(null, Buffer.concat(chunks)));
    });
}

const csvOf = (rows: Row[]) =>
  `\uFEFF${[HEADERS, ...rows.map(cells)].map((line) => `${line.map(csvCell).join(',')}\r\n`).join('')}`;

describe('the streamed lead export', () => {
  it('should write every message once, newest first, as CSV, sent as it is made', async () => {
    const res = await exportOf({ format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(decodeURIComponent(res.headers['content-disposition']!.split("''")[1]!)).toMatch(/^留言-\d{8}-\d{4}\.csv$/);
    // Sent in pieces as the batches are read, not measured first.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const rows = await expected();
    expect(rows).toHaveLength(2600);
    expect((res.body as Buffer).toString('utf8')).toBe(csvOf(rows));
  });

  it('should apply the search through every batch', async () => {
    const res = await exportOf({ format: 'csv', search: '引号' });
    const rows = await expected('引号');
    expect(rows).toHaveLength(Math.floor(2600 / 7));
    expect((res.body as Buffer).toString('utf8')).toBe(csvOf(rows));
  });

  it('should write the same messages as XLSX, every cell text, with the header bold and in view', async () => {
    const res = await exportOf({ format: 'xlsx' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(decodeURIComponent(res.headers['content-disposition']!.split("''")[1]!)).toMatch(/^留言-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(res.body as Buffer).buffer);
    expect(workbook.creator).toBe('网站管理后台');
    const sheet = workbook.getWorksheet('留言')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((column) => column.width)).toEqual([18, 12, 18, 26, 26, 60, 40, 8]);
    const rows = await expected();
    expect(sheet.rowCount).toBe(rows.length + 1);
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    // A cell whose text is empty is left empty by the writer, as the in-memory one did.
    expect(values).toEqual([HEADERS, ...rows.map((row) => cells(row).map((cell) => (cell === '' ? undefined : cell)))]);
    expect(sheet.getRow(1).getCell(1).font).toMatchObject({ bold: true });
    expect(sheet.getRow(2).getCell(6).alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('string');
  });

  it('should record each export in the audit trail', async () => {
    const before = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'lead_export'`);
    await exportOf({ format: 'csv', search: '客户1' });
    const after = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'lead_export'`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it(`should hold at most ${EXPORT_MAX} messages, the newest`, async () => {
    await t.sql(
      `INSERT INTO message (name, phone, content, page, ip, user_agent, created_at)
       SELECT '旧客户' || i, '13900000000', '早年的留言', '', '203.0.113.2', 'test', timestamptz '2016-01-01 00:00:00+08' + make_interval(mins => i)
       FROM generate_series(1, $1::int) i`,
      [EXPORT_MAX],
    );
    await t.sql('ANALYZE message');
    const res = await exportOf({ format: 'csv' });
    const rows = (await expected()).slice(0, EXPORT_MAX);
    expect((res.body as Buffer).toString('utf8')).toBe(csvOf(rows));
  });
});
