import { Module } from '@nestjs/common';
import { AccountsModule } from '../../core/accounts/accounts.module.js';
import { MessagesModule } from '../../content/messages/messages.module.js';
import { InvitationSender } from './invitation-sender.js';
import { LeadNotifyAdminController } from './lead-notify.admin.controller.js';
import { LeadNotifyAdminService } from './lead-notify.admin.service.js';
import { LeadOutbox } from './lead-notify.outbox.js';
import { LeadNotifyWorker } from './lead-notify.worker.js';

/**
 * New leads reach the sales team: the durable outbox, the worker that delivers it, and 通知设置's calls. Its mail
 * settings also send the back office's invitations.
 */
@Module({
  imports: [MessagesModule, AccountsModule],
  controllers: [LeadNotifyAdminController],
  providers: [LeadNotifyWorker, LeadOutbox, LeadNotifyAdminService, InvitationSender],
})
export class LeadNotifyModule {}
