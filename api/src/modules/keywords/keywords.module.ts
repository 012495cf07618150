import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { KeywordEntity } from './keyword.entity.js';
import { KeywordsAdminController } from './keywords.admin.controller.js';
import { KeywordsController } from './keywords.controller.js';
import { KeywordsService } from './keywords.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([KeywordEntity])],
  controllers: [KeywordsController, KeywordsAdminController],
  providers: [KeywordsService],
  exports: [KeywordsService],
})
export class KeywordsModule {}
