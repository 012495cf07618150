import { Module } from '@nestjs/common';
import { MessagesModule } from '../../content/messages/messages.module.js';
import { LeadNotifyAdminController } from './lead-notify.admin.controller.js';
import { LeadNotifyAdminService } from './lead-notify.admin.service.js';
import { LeadOutbox } from './lead-notify.outbox.js';
import { LeadNotifyWorker } from './lead-notify.worker.js';

/** New leads reach the sales team: the durable outbox, the worker that delivers it, and 通知设置's calls. */
@Module({
  imports: [MessagesModule],
  controllers: [LeadNotifyAdminController],
  providers: [LeadNotifyWorker, LeadOutbox, LeadNotifyAdminService],
})
export class LeadNotifyModule {}
