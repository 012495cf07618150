import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminList, LeaveWordRequest, Message } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure } from '../../core/api.exception.js';
import { RateLimitService, type LimitRule } from '../../core/rate-limit.service.js';
import type { ClientInfo } from '../../core/client-info.js';
import { toMessage, toNewMessage } from './messages.mapping.js';
import { countMessages, deleteMessage, insertMessage, listMessages, setMessageRead } from './messages.queries.js';

/** 5 messages per address within 10 minutes; then an hour's pause (doubling, up to a day). */
export const LEAVE_WORD_RULE: LimitRule = {
  limit: 5,
  windowMs: 10 * 60_000,
  blockMs: 60 * 60_000,
  maxBlockMs: 24 * 60 * 60_000,
};

@Injectable()
export class MessagesService {
  private readonly logger = new Logger('Messages');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Stores a visitor's message. A filled honeypot is answered like a success and dropped. */
  async leave(form: LeaveWordRequest, client: ClientInfo): Promise<void> {
    if (form.website) {
      this.logger.warn(`Dropped a contact-form message with the honeypot filled (from ${client.ip})`);
      return;
    }
    const key = `leaveword:${client.ip}`;
    if ((await this.limits.blockedFor(key)) > 0) throw failure('提交过于频繁，请稍后再试');
    // One transaction: a message is never stored without being counted against its address (a crash between
    // the two would let a sender past the limit), nor counted without being stored.
    await this.db.transaction(async (manager) => {
      await insertMessage(manager, toNewMessage(form, client));
      await this.limits.hit(key, LEAVE_WORD_RULE, manager);
    });
  }

  /** Newest first; `search` looks in name, phone and content. */
  async list(page: number | undefined, search: string | undefined): Promise<AdminList<Message>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(page, perPage);
    const rows = await listMessages(this.db, search ?? '', window);
    const total = await countMessages(this.db, search ?? '');
    return adminList(rows.map(toMessage), total, window.page, perPage, []);
  }

  async markRead(id: number, read: boolean): Promise<void> {
    if ((await setMessageRead(this.db, id, read)) === 0) throw failure('留言不存在或已删除');
  }

  async remove(id: number): Promise<void> {
    if ((await deleteMessage(this.db, id)) === 0) throw failure('留言不存在或已删除');
  }
}
