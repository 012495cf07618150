import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_PATTERN } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { InvitationMail, type MailSender } from '../../core/accounts/invitation-mail.js';
import { sendMail, type EmailChannel } from './lead-channels.js';
import { findChannel } from './lead-notify.queries.js';
import { emailChannel } from './notify-settings.js';

/** Whether the mail settings could send at all: a server, a sender address, and a password when there is an account. */
export function canSend(channel: EmailChannel): boolean {
  const sender = channel.from || (EMAIL_PATTERN.test(channel.user) ? channel.user : '');
  return channel.host !== '' && sender !== '' && (channel.user === '' || channel.password !== '');
}

/**
 * Sends the back office's invitations (docs/behaviour.md#accounts-and-roles) with the SMTP settings of 通知设置, on
 * or off for leads: the settings say how this site sends mail. Registered with core's `InvitationMail` at start-up.
 */
@Injectable()
export class InvitationSender implements MailSender, OnModuleInit {
  private readonly logger = new Logger('InvitationMail');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly port: InvitationMail,
  ) {}

  onModuleInit(): void {
    this.port.provide(this);
  }

  async configured(): Promise<boolean> {
    return canSend(await this.channel());
  }

  async send(to: string, subject: string, text: string): Promise<boolean> {
    const channel = await this.channel();
    if (!canSend(channel)) return false;
    const answer = await sendMail(
      { ...channel, to: [to] },
      { subject, text, replyTo: null },
      this.config.leads.timeoutMs,
    );
    if (!answer.ok)
      this.logger.warn(`invitation mail not sent: ${answer.answer}${answer.detail ? ` (${answer.detail})` : ''}`);
    return answer.ok;
  }

  private async channel(): Promise<EmailChannel> {
    return emailChannel(await findChannel(this.db, 'email'));
  }
}
