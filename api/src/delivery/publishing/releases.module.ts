import { Module } from '@nestjs/common';
import { ReadsModule } from '../reads/reads.module.js';
import { FrontendModule } from '../pages/frontend.module.js';
import { KeywordsModule } from '../../content/keywords/keywords.module.js';
import { SeoModule } from '../seo/seo.module.js';
import { ReleaseGate } from './release-gate.js';
import { ClientErrorsController, ReleasesController } from './releases.controller.js';
import { ReleasesService } from './releases.service.js';

/** Switching remote releases: the gate, the back office's calls, the browser's error reports, the background work. */
@Module({
  imports: [FrontendModule, ReadsModule, KeywordsModule, SeoModule],
  controllers: [ReleasesController, ClientErrorsController],
  providers: [ReleaseGate, ReleasesService],
  exports: [ReleasesService],
})
export class ReleasesModule {}
