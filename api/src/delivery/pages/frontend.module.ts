import { Module } from '@nestjs/common';
import { ReadsModule } from '../reads/reads.module.js';
import { CasesModule } from '../../content/cases/cases.module.js';
import { KeywordsModule } from '../../content/keywords/keywords.module.js';
import { MessagesModule } from '../../content/messages/messages.module.js';
import { NewsModule } from '../../content/news/news.module.js';
import { FrontendController } from './frontend.controller.js';
import { LeadFormPosts } from './lead-form-posts.js';
import { PageRequests } from './page-request.js';
import { PageService } from './page.service.js';
import { PreviewController } from './preview.controller.js';
import { Previews } from './previews.js';
import { RemotesModule } from '../releases/remotes.module.js';
import { ShellTemplate } from './shell-template.js';
import { SsrService } from './ssr.service.js';
import { StructuredData } from './structured-data.service.js';

/** The front-ends on the API's port: the remote pointer, server rendering, the shell's page and previews. */
@Module({
  imports: [KeywordsModule, CasesModule, NewsModule, MessagesModule, RemotesModule, ReadsModule],
  controllers: [FrontendController, PreviewController],
  providers: [PageRequests, SsrService, ShellTemplate, StructuredData, Previews, PageService, LeadFormPosts],
  exports: [RemotesModule, PageRequests, PageService, SsrService, ShellTemplate, Previews, LeadFormPosts],
})
export class FrontendModule {}
