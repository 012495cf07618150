import { Module } from '@nestjs/common';
import { EditingModule } from '../../content/editing/editing.module.js';
import { BaiduClient } from './baidu-client.js';
import { BaiduPushAdminController } from './baidu-push.admin.controller.js';
import { BaiduPushAdminService } from './baidu-push.admin.service.js';
import { BaiduPushQueue } from './baidu-push.queue.js';
import { BaiduPushWorker } from './baidu-push.worker.js';

/** Baidu's link push: the durable queue, the worker that pushes it, and the back office's calls. */
@Module({
  imports: [EditingModule],
  controllers: [BaiduPushAdminController],
  providers: [BaiduClient, BaiduPushWorker, BaiduPushQueue, BaiduPushAdminService],
})
export class BaiduPushModule {}
