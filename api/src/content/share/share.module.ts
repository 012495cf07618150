import { Module } from '@nestjs/common';
import { ShareController } from './share.controller.js';
import { ShareService } from './share.service.js';
import { WechatClient } from './wechat.client.js';

@Module({
  controllers: [ShareController],
  providers: [ShareService, WechatClient],
})
export class ShareModule {}
