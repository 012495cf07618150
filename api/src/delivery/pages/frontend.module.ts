import { Module } from '@nestjs/common';
import { ReadsModule } from '../reads/reads.module.js';
import { KeywordsModule } from '../../content/keywords/keywords.module.js';
import { FrontendController } from './frontend.controller.js';
import { PageRequests } from './page-request.js';
import { PageService } from './page.service.js';
import { RemotesModule } from '../releases/remotes.module.js';
import { ShellTemplate } from './shell-template.js';
import { SsrService } from './ssr.service.js';
import { StructuredData } from './structured-data.service.js';

/** The front-ends on the API's port: the remote pointer, server rendering and the shell's page. */
@Module({
  imports: [KeywordsModule, RemotesModule, ReadsModule],
  controllers: [FrontendController],
  providers: [PageRequests, SsrService, ShellTemplate, StructuredData, PageService],
  exports: [RemotesModule, PageRequests, PageService, SsrService, ShellTemplate],
})
export class FrontendModule {}
