import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { EditingModule } from '../editing/editing.module.js';
import { NewsModule } from '../news/news.module.js';
import { SiteModule } from '../site/site.module.js';
import { ReviewsController } from './reviews.controller.js';
import { ReviewsService } from './reviews.service.js';
import { RevisionsController } from './revisions.controller.js';
import { RevisionsService } from './revisions.service.js';

/** The history of cases, articles and site blocks, and the review of contributors' cases and articles. */
@Module({
  imports: [CasesModule, NewsModule, SiteModule, EditingModule],
  controllers: [RevisionsController, ReviewsController],
  providers: [RevisionsService, ReviewsService],
})
export class RevisionsModule {}
