import { Module } from '@nestjs/common';
import { BaiduPushModule } from '../baidu-push/baidu-push.module.js';
import { TrashPurger } from './trash-purger.js';
import { TrashController } from './trash.controller.js';
import { TrashService } from './trash.service.js';

@Module({
  imports: [BaiduPushModule],
  controllers: [TrashController],
  providers: [TrashService, TrashPurger],
})
export class TrashModule {}
