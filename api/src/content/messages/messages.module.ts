import { Module } from '@nestjs/common';
import { MessagesAdminController } from './messages.admin.controller.js';
import { MessagesController } from './messages.controller.js';
import { MessagesService } from './messages.service.js';
import { NewLeads } from './new-leads.js';

@Module({
  controllers: [MessagesController, MessagesAdminController],
  providers: [MessagesService, NewLeads],
  exports: [NewLeads, MessagesService],
})
export class MessagesModule {}
