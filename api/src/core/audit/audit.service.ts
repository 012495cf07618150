import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { beijingIso, type AuditList, type AuditListRequest, type AuditRow } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { pageWindow } from '../admin-list.js';
import { auditActionName, auditActionOptions, auditItemKindName } from './audit-actions.js';
import { auditActors, auditBatch, listAudit, type AuditCursor, type AuditFilter } from './audit.queries.js';

/** Records a page of the audit trail shows. */
export const AUDIT_PAGE_SIZE = 50;
/** Records an export reads at a time. */
const EXPORT_BATCH = 1000;

/** The export's columns, in Chinese (docs/behaviour.md#audit-trail). */
const COLUMNS: ReadonlyArray<{ header: string; value: (row: AuditRow) => string }> = [
  { header: '时间', value: (r) => r.at },
  { header: '操作人', value: (r) => r.actor },
  { header: 'IP 地址', value: (r) => r.ip },
  { header: '操作', value: (r) => r.action_name },
  { header: '对象类型', value: (r) => auditItemKindName(r.item_kind) },
  { header: '对象编号', value: (r) => (r.item_id === null ? '' : String(r.item_id)) },
  { header: '标题', value: (r) => r.title },
  { header: '版本', value: (r) => (r.revision === null ? '' : String(r.revision)) },
];

/** A cell a spreadsheet would read as a formula gets a leading `'` (what was typed is never run on opening). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The request's filters as the queries take them. */
export function auditFilter(request: AuditListRequest): AuditFilter {
  return {
    actorId: request.actor || undefined,
    action: request.action || undefined,
    itemKind: request.item_kind || undefined,
    itemId: request.item_id || undefined,
    from: request.from || undefined,
    to: request.to || undefined,
  };
}

/** 操作日志 (docs/behaviour.md#audit-trail): the records, newest first, filtered; and their export. */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A page of records; `more` instead of a count, so a page costs the same however many records there are. */
  async list(request: AuditListRequest): Promise<AuditList> {
    const { page, offset, limit } = pageWindow(request.page, AUDIT_PAGE_SIZE);
    const [rows, actors] = await Promise.all([
      listAudit(this.db, auditFilter(request), offset, limit),
      auditActors(this.db),
    ]);
    return {
      data: rows.slice(0, limit).map((row) => ({ ...row, action_name: auditActionName(row.action) })),
      more: rows.length > limit,
      page,
      per_page: AUDIT_PAGE_SIZE,
      actions: auditActionOptions(),
      actors,
    };
  }

  /**
   * Every record the filters take, newest first, as CSV (UTF-8 with a byte-order mark, which Excel and WPS need,
   * and CRLF line ends), read a batch at a time while it is sent.
   */
  exportCsv(request: AuditListRequest): Readable {
    const filter = auditFilter(request);
    const db = this.db;
    async function* lines(): AsyncGenerator<string> {
      yield `\uFEFF${csvLine(COLUMNS.map((c) => c.header))}`;
      let cursor: AuditCursor | null = null;
      do {
        const batch = await auditBatch(db, filter, cursor, EXPORT_BATCH);
        const rows = batch.rows.map((row) => ({ ...row, action_name: auditActionName(row.action) }));
        if (rows.length > 0) yield rows.map((row) => csvLine(COLUMNS.map((c) => c.value(row)))).join('');
        cursor = batch.next;
      } while (cursor);
    }
    return Readable.from(lines(), { objectMode: false });
  }

  /** `操作日志-20261126-0930.csv`, in Beijing time. */
  exportFileName(now: Date): string {
    const stamp = beijingIso(now).slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return `操作日志-${stamp}.csv`;
  }
}
