import { Module } from '@nestjs/common';
import { CacheModule } from '../cache/cache.module.js';
import { FrontendModule } from '../frontend/frontend.module.js';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { SeoModule } from '../seo/seo.module.js';
import { ReleaseGate } from './release-gate.js';
import { ClientErrorsController, ReleasesController } from './releases.controller.js';
import { ReleasesService } from './releases.service.js';

/** Switching remote releases: the gate, the back office's calls, the browser's error reports, the background work. */
@Module({
  imports: [FrontendModule, CacheModule, KeywordsModule, SeoModule],
  controllers: [ReleasesController, ClientErrorsController],
  providers: [ReleaseGate, ReleasesService],
  exports: [ReleasesService],
})
export class ReleasesModule {}
