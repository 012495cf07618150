import { Module } from '@nestjs/common';
import { AccountsModule } from '../../core/accounts/accounts.module.js';
import { EditingModule } from '../../content/editing/editing.module.js';
import { MessagesModule } from '../../content/messages/messages.module.js';
import { InvitationSender } from './invitation-sender.js';
import { LeadNotifyAdminController } from './lead-notify.admin.controller.js';
import { LeadNotifyAdminService } from './lead-notify.admin.service.js';
import { LeadOutbox } from './lead-notify.outbox.js';
import { LeadNotifyWorker } from './lead-notify.worker.js';
import { ReviewOutbox } from './review-notify.outbox.js';
import { ReviewNotifyWorker } from './review-notify.worker.js';

/**
 * New leads reach the sales team: the durable outbox, the worker that delivers it, and 通知设置's calls. Its mail
 * settings also send the back office's invitations, and its channels tell the editors of submissions for review.
 */
@Module({
  imports: [MessagesModule, AccountsModule, EditingModule],
  controllers: [LeadNotifyAdminController],
  providers: [LeadNotifyWorker, LeadOutbox, LeadNotifyAdminService, InvitationSender, ReviewNotifyWorker, ReviewOutbox],
})
export class LeadNotifyModule {}
