import { Module } from '@nestjs/common';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { FrontendController } from './frontend.controller.js';
import { PageService } from './page.service.js';
import { RemotesService } from './remotes.service.js';
import { SsrService } from './ssr.service.js';

@Module({
  imports: [KeywordsModule],
  controllers: [FrontendController],
  providers: [RemotesService, SsrService, PageService],
  exports: [RemotesService, PageService],
})
export class FrontendModule {}
