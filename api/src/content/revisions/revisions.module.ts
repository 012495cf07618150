import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { NewsModule } from '../news/news.module.js';
import { SiteModule } from '../site/site.module.js';
import { RevisionsController } from './revisions.controller.js';
import { RevisionsService } from './revisions.service.js';

@Module({
  imports: [CasesModule, NewsModule, SiteModule],
  controllers: [RevisionsController],
  providers: [RevisionsService],
})
export class RevisionsModule {}
