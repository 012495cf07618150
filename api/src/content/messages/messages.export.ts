import { beijingIso, type Message, type MessageExportFormat } from '@site/shared-types';
import ExcelJS from 'exceljs';

/**
 * 留言管理's export (docs/behaviour.md#leads): the messages of a search as a file with Chinese headers. XLSX is
 * for opening in Excel or WPS (every cell is text, so a phone number keeps its digits and nothing is a formula);
 * CSV is UTF-8 with a byte-order mark (which Excel and WPS need to read it as UTF-8) and CRLF line ends, for other
 * systems.
 */

const COLUMNS: ReadonlyArray<{ header: string; width: number; value: (m: Message) => string }> = [
  { header: '留言时间', width: 18, value: (m) => m.create_time },
  { header: '姓名', width: 12, value: (m) => m.name },
  { header: '电话', width: 18, value: (m) => m.phone },
  { header: '邮箱', width: 26, value: (m) => m.email },
  { header: '地址', width: 26, value: (m) => m.address },
  { header: '留言内容', width: 60, value: (m) => m.content },
  { header: '来源页面', width: 40, value: (m) => m.page },
  { header: '状态', width: 8, value: (m) => (m.read ? '已读' : '未读') },
];

export const EXPORT_TYPES: Record<MessageExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, or a tab or return first) gets a leading `'`,
 * so that opening an export never runs what a visitor typed.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function messagesCsv(messages: readonly Message[]): Buffer {
  const lines = [
    COLUMNS.map((c) => csvCell(c.header)).join(','),
    ...messages.map((m) => COLUMNS.map((c) => csvCell(c.value(m))).join(',')),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function messagesXlsx(messages: readonly Message[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '网站管理后台';
  const sheet = workbook.addWorksheet('留言', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const message of messages) sheet.addRow(COLUMNS.map((c) => c.value(message)));
  sheet.getColumn(6).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `留言-20261126-0930.xlsx`, in Beijing time. */
export function exportFileName(format: MessageExportFormat, now: Date): string {
  const stamp = beijingIso(now).slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `留言-${stamp}.${format}`;
}
