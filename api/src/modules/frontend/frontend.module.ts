import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { NewsModule } from '../news/news.module.js';
import { FrontendController } from './frontend.controller.js';
import { PageHeadFallback } from './page-head-fallback.service.js';
import { PageService } from './page.service.js';
import { RemotesService } from './remotes.service.js';
import { ShellTemplate } from './shell-template.js';
import { SsrService } from './ssr.service.js';

/** The front-ends on the API's port: the remote pointer, server rendering and the shell's page. */
@Module({
  imports: [KeywordsModule, CasesModule, NewsModule],
  controllers: [FrontendController],
  providers: [RemotesService, SsrService, ShellTemplate, PageHeadFallback, PageService],
  exports: [RemotesService, PageService],
})
export class FrontendModule {}
