import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { NewsModule } from '../news/news.module.js';
import { SiteAdminController } from './site.admin.controller.js';
import { SiteAdminService } from './site.admin.service.js';
import { SiteController } from './site.controller.js';
import { SiteService } from './site.service.js';

@Module({
  imports: [CasesModule, NewsModule],
  controllers: [SiteController, SiteAdminController],
  providers: [SiteService, SiteAdminService],
  exports: [SiteService, SiteAdminService],
})
export class SiteModule {}
