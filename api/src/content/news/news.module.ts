import { Module } from '@nestjs/common';
import { EditingModule } from '../editing/editing.module.js';
import { NewsAdminController } from './news.admin.controller.js';
import { NewsAdminService } from './news.admin.service.js';
import { NewsController } from './news.controller.js';
import { NewsService } from './news.service.js';

@Module({
  imports: [EditingModule],
  controllers: [NewsController, NewsAdminController],
  providers: [NewsService, NewsAdminService],
  exports: [NewsService, NewsAdminService],
})
export class NewsModule {}
