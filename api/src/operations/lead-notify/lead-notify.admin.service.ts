import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  beijingIso,
  type NotifyChannel,
  type NotifyOverview,
  type NotifySettingsInput,
  type NotifySettingsView,
  type NotifyTestResult,
} from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { failure, invalid } from '../../core/api.exception.js';
import { leadNotice } from './lead-channels.js';
import { countOutbox, insertLog, listLog, retryNow } from '../../core/outbox/outbox.queries.js';
import { findChannel, findChannels, saveChannel, type ChannelRow, type NewDeliveryLog } from './lead-notify.queries.js';
import { LeadNotifyWorker } from './lead-notify.worker.js';
import { emailView, mergeEmail, mergeRobot, robotView, SettingsError } from './notify-settings.js';

/** What a test sends: a lead that says it is one. */
const TEST_LEAD = {
  name: '测试通知',
  phone: '13800000000',
  email: '',
  address: '',
  content: '这是一条测试通知：收到它，说明新留言会送到这里。',
  page: '',
};

/** 通知设置 (docs/behaviour.md#lead-notifications): the channels, a test send, the outbox and the last attempts. */
@Injectable()
export class LeadNotifyAdminService {
  private readonly logger = new Logger('LeadNotify');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly worker: LeadNotifyWorker,
  ) {}

  async overview(): Promise<NotifyOverview> {
    return {
      settings: view(await findChannels(this.db)),
      queue: await countOutbox(this.db, 'lead'),
      deliveries: await listLog<NewDeliveryLog>(this.db, 'lead'),
    };
  }

  /** Saves the three channels together (all or none); answers them as the screen shows them. */
  async save(input: NotifySettingsInput): Promise<NotifySettingsView> {
    const saved = await this.db.transaction(async (manager) => {
      // Locked: two administrators saving at once do not mix one's address with the other's secret.
      const rows = await findChannels(manager, true);
      const row = (channel: NotifyChannel) => rows.find((r) => r.channel === channel);
      let next: ChannelRow[];
      try {
        next = [
          mergeEmail(row('email'), input.email),
          mergeRobot('wecom', row('wecom'), input.wecom, this.config.leads.webhookOrigins),
          mergeRobot('dingtalk', row('dingtalk'), input.dingtalk, this.config.leads.webhookOrigins),
        ];
      } catch (error) {
        if (error instanceof SettingsError) throw invalid(error.message);
        throw error;
      }
      for (const channel of next) await saveChannel(manager, channel);
      return next;
    });
    // Deliveries waiting for a channel that is on again go now.
    this.worker.kick();
    return view(saved);
  }

  /** Sends a test notice at once with the channel's saved settings (on or off); refuses with its answer. */
  async test(channel: NotifyChannel): Promise<NotifyTestResult> {
    const row = await findChannel(this.db, channel);
    const configured = channel === 'email' ? emailView(row).host !== '' : robotView(row).url_set;
    if (!row || !configured) throw failure('请先填写并保存这个通道的设置，再发送测试');
    const notice = leadNotice(
      { ...TEST_LEAD, time: beijingIso(new Date()).slice(0, 16).replace('T', ' ') },
      this.worker.adminUrl(),
    );
    const answer = await this.worker.send(row, notice);
    await insertLog(this.db, 'lead', {
      channel,
      message_id: null,
      subject: '测试通知',
      ok: answer.ok,
      answer: answer.answer,
      attempt: 1,
      test: true,
    } satisfies NewDeliveryLog);
    if (!answer.ok) {
      // The screen's answer leaves out what the far end did; the server's log keeps it.
      if (answer.detail) this.logger.warn(`test on ${channel} failed: ${answer.answer} (${answer.detail})`);
      throw failure(`测试发送失败：${answer.answer}`);
    }
    return { answer: answer.answer };
  }

  async retry(): Promise<{ count: number }> {
    const count = await retryNow(this.db, 'lead', { failedOnly: true });
    this.worker.kick();
    return { count };
  }
}

function view(rows: readonly ChannelRow[]): NotifySettingsView {
  const row = (channel: NotifyChannel) => rows.find((r) => r.channel === channel);
  return { email: emailView(row('email')), wecom: robotView(row('wecom')), dingtalk: robotView(row('dingtalk')) };
}
