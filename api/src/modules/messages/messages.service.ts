import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AdminList, LeaveWordRequest, Message } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { adminList, pageWindow } from '../../core/admin-list.js';
import { failure } from '../../core/api.exception.js';
import { RateLimitService, type LimitRule } from '../../core/rate-limit.service.js';
import type { ClientInfo } from '../../core/client-info.js';

/** 5 messages per address within 10 minutes; then an hour's pause (doubling, up to a day). */
export const LEAVE_WORD_RULE: LimitRule = {
  limit: 5,
  windowMs: 10 * 60_000,
  blockMs: 60 * 60_000,
  maxBlockMs: 24 * 60 * 60_000,
};

const COLUMNS = `id, name, phone, email, address, content, page, read,
  to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS create_time`;

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
    await this.db.query(
      `INSERT INTO message (name, phone, email, address, content, page, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        form.name,
        form.phone,
        form.email ?? '',
        form.address ?? '',
        form.content,
        form.page ?? '',
        client.ip.slice(0, 64),
        client.userAgent.slice(0, 300),
      ],
    );
    await this.limits.hit(key, LEAVE_WORD_RULE);
  }

  /** Newest first; `search` looks in name, phone and content. */
  async list(page: number | undefined, search: string | undefined): Promise<AdminList<Message>> {
    const perPage = this.config.admin.pageSize;
    const window = pageWindow(page, perPage);
    const where = `($1::text = '' OR position(lower($1) in lower(name || ' ' || phone || ' ' || content)) > 0)`;
    const data = (await this.db.query(
      `SELECT ${COLUMNS} FROM message WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [search ?? '', window.limit, window.offset],
    )) as Message[];
    const [count] = (await this.db.query(`SELECT count(*)::int AS n FROM message WHERE ${where}`, [search ?? ''])) as {
      n: number;
    }[];
    return adminList(data, count!.n, window.page, perPage, []);
  }

  async markRead(id: number, read: boolean): Promise<void> {
    const result = (await this.db.query('UPDATE message SET read = $2 WHERE id = $1 RETURNING id', [id, read])) as [
      unknown[],
      number,
    ];
    if (result[1] === 0) throw failure('留言不存在或已删除');
  }

  async remove(id: number): Promise<void> {
    const result = (await this.db.query('DELETE FROM message WHERE id = $1 RETURNING id', [id])) as [unknown[], number];
    if (result[1] === 0) throw failure('留言不存在或已删除');
  }
}
