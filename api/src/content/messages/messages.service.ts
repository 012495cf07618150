import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminList, LeaveWordRequest, Message, MessageExportFormat, UnreadCount } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure } from '../../core/api.exception.js';
import { RateLimitService, type LimitRule } from '../../core/rate-limit.service.js';
import type { ClientInfo } from '../../core/client-info.js';
import { toMessage, toNewMessage } from './messages.mapping.js';
import {
  countMessages,
  countUnread,
  deleteMessage,
  exportMessageBatch,
  insertMessage,
  listMessages,
  setMessageRead,
} from './messages.queries.js';
import { NewLeads } from './new-leads.js';
import { EXPORT_TYPES, exportFileName, messagesCsv, messagesXlsx } from './messages.export.js';

/** 5 messages per address within 10 minutes; then an hour's pause (doubling, up to a day). */
export const LEAVE_WORD_RULE: LimitRule = {
  limit: 5,
  windowMs: 10 * 60_000,
  blockMs: 60 * 60_000,
  maxBlockMs: 24 * 60 * 60_000,
};

/** The most messages one export holds. */
export const EXPORT_MAX = 100_000;
/** Messages an export reads at a time: few, so that each batch is written and gone before much else is made. */
const EXPORT_BATCH = 250;

/** An export: its bytes as they are made (read from the database a batch at a time while sent), type and name. */
export interface ExportedFile {
  stream: Readable;
  type: string;
  name: string;
}

@Injectable()
export class MessagesService {
  private readonly logger = new Logger('Messages');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limits: RateLimitService,
    private readonly leads: NewLeads,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stores a visitor's message. A filled honeypot is answered like a success and dropped. */
  async leave(form: LeaveWordRequest, client: ClientInfo): Promise<void> {
    if (form.website) {
      this.logger.warn(`Dropped a contact-form message with the honeypot filled (from ${client.ip})`);
      return;
    }
    const key = `leaveword:${client.ip}`;
    // One transaction: a message is never stored without being counted against its address (a crash between
    // the two would let a sender past the limit), nor counted without being stored. It is counted first, with the
    // address's counter locked until the commit, so a burst of messages at once gets no more than the limit stored.
    // The deliveries to the sales team are queued in the same transaction (docs/behaviour.md#lead-notifications).
    const lead = await this.db.transaction(async (manager) => {
      if ((await this.limits.reserve([[key, LEAVE_WORD_RULE]], manager)) > 0) throw failure('提交过于频繁，请稍后再试');
      const messageId = await insertMessage(manager, toNewMessage(form, client));
      const created = { messageId };
      await this.leads.note(manager, created);
      return created;
    });
    this.leads.committed(lead);
  }

  /** Newest first; `search` looks in name, phone and content. */
  async list(page: number | undefined, search: string | undefined): Promise<AdminList<Message>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(page, perPage);
    const rows = await listMessages(this.db, search ?? '', window);
    const total = await countMessages(this.db, search ?? '');
    return adminList(rows.map(toMessage), total, window.page, perPage, []);
  }

  /**
   * The messages a search finds (all without one), newest first, at most `EXPORT_MAX`, as a file of `format`
   * streamed while the messages are read a batch at a time. The first batch is read before answering, so a
   * database that cannot be reached is refused with an envelope rather than a broken download.
   */
  async exportFile(format: MessageExportFormat, search: string | undefined): Promise<ExportedFile> {
    const db = this.db;
    const term = search ?? '';
    const first = await exportMessageBatch(db, term, null, EXPORT_BATCH);
    async function* batches(): AsyncGenerator<Message[]> {
      let batch = first;
      let sent = 0;
      for (;;) {
        const rows = batch.rows.length > EXPORT_MAX - sent ? batch.rows.slice(0, EXPORT_MAX - sent) : batch.rows;
        sent += rows.length;
        yield rows;
        if (!batch.next || sent >= EXPORT_MAX) return;
        batch = await exportMessageBatch(db, term, batch.next, Math.min(EXPORT_BATCH, EXPORT_MAX - sent));
      }
    }
    const stream = format === 'csv' ? messagesCsv(batches()) : messagesXlsx(batches());
    return { stream, type: EXPORT_TYPES[format], name: exportFileName(format, new Date()) };
  }

  /** The messages nobody marked read yet (the side menu's badge). */
  async unread(): Promise<UnreadCount> {
    return { unread: await countUnread(this.db) };
  }

  async markRead(id: number, read: boolean): Promise<void> {
    if ((await setMessageRead(this.db, id, read)) === 0) throw failure('留言不存在或已删除');
  }

  async remove(id: number): Promise<void> {
    if ((await deleteMessage(this.db, id)) === 0) throw failure('留言不存在或已删除');
  }
}
