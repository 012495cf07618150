import { Injectable, Logger } from '@nestjs/common';
import { errorText } from '../error-text.js';

/**
 * Whoever can send mail for the back office. Core has no mail of its own: the lead notifications' mail channel
 * (operations) registers one at start-up, with the SMTP settings of 通知设置 (docs/architecture.md "API areas").
 */
export interface MailSender {
  /** Whether the saved settings could send a mail at all (a server and a sender address). */
  configured(): Promise<boolean>;
  /** Sends one plain-text mail; answers whether the server took it. Never throws. */
  send(to: string, subject: string, text: string): Promise<boolean>;
}

/**
 * Where an invitation's mail goes out (docs/behaviour.md#accounts-and-roles). Without a registered sender, or with
 * one whose settings are not filled in, nothing is sent: the administrator copies the link instead.
 */
@Injectable()
export class InvitationMail {
  private readonly logger = new Logger('InvitationMail');
  private sender: MailSender | null = null;

  /** Called once at start-up by the module that can send mail. */
  provide(sender: MailSender): void {
    this.sender = sender;
  }

  async configured(): Promise<boolean> {
    return this.sender !== null && (await this.sender.configured());
  }

  /** Sends the mail when mail can be sent; answers whether it went out. */
  async send(to: string, subject: string, text: string): Promise<boolean> {
    if (!this.sender || !(await this.sender.configured())) return false;
    try {
      return await this.sender.send(to, subject, text);
    } catch (error) {
      this.logger.warn(`invitation mail to ${to} failed: ${errorText(error)}`);
      return false;
    }
  }
}
