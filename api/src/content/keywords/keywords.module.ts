import { Module } from '@nestjs/common';
import { KeywordsAdminController } from './keywords.admin.controller.js';
import { KeywordsController } from './keywords.controller.js';
import { KeywordsService } from './keywords.service.js';

@Module({
  controllers: [KeywordsController, KeywordsAdminController],
  providers: [KeywordsService],
  exports: [KeywordsService],
})
export class KeywordsModule {}
