import { Module } from '@nestjs/common';
import { BaiduClient } from './baidu-client.js';
import { BaiduPushAdminController } from './baidu-push.admin.controller.js';
import { BaiduPushAdminService } from './baidu-push.admin.service.js';
import { BaiduPushQueue } from './baidu-push.queue.js';
import { BaiduPushWorker } from './baidu-push.worker.js';

/** Baidu's link push: the durable queue, the worker that pushes it, and the back office's calls. */
@Module({
  controllers: [BaiduPushAdminController],
  providers: [BaiduClient, BaiduPushWorker, BaiduPushQueue, BaiduPushAdminService],
  exports: [BaiduPushQueue],
})
export class BaiduPushModule {}
