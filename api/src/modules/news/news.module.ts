import { Module } from '@nestjs/common';
import { NewsAdminController } from './news.admin.controller.js';
import { NewsAdminService } from './news.admin.service.js';
import { NewsController } from './news.controller.js';
import { NewsService } from './news.service.js';

@Module({
  controllers: [NewsController, NewsAdminController],
  providers: [NewsService, NewsAdminService],
  exports: [NewsService],
})
export class NewsModule {}
