import { Module } from '@nestjs/common';
import { ReadsModule } from '../reads/reads.module.js';
import { FrontendModule } from '../pages/frontend.module.js';
import { KeywordsModule } from '../../content/keywords/keywords.module.js';
import { SeoModule } from '../seo/seo.module.js';
import { ReleaseGate } from './release-gate.js';
import { ClientErrorsController, ReleasesController } from './releases.controller.js';
import { BuildImports } from './build-imports.js';
import { ClientErrorIntake } from './client-errors.js';
import { ReleaseRounds } from './release-rounds.js';
import { ReleaseStatsFlush } from './release-stats-flush.js';
import { ReleaseSwitches } from './release-switches.js';
import { ReleasesOverviewService } from './releases-overview.service.js';

/** Switching remote releases: the gate, the back office's calls, the browser's error reports, the background work. */
@Module({
  imports: [FrontendModule, ReadsModule, KeywordsModule, SeoModule],
  controllers: [ReleasesController, ClientErrorsController],
  providers: [
    ReleaseGate,
    ReleaseSwitches,
    ReleasesOverviewService,
    ClientErrorIntake,
    ReleaseStatsFlush,
    BuildImports,
    ReleaseRounds,
  ],
  exports: [ReleaseSwitches, ReleasesOverviewService],
})
export class ReleasesModule {}
