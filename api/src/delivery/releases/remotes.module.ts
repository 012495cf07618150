import { Module } from '@nestjs/common';
import { CanaryVisits } from './canary-visits.js';
import { ReleaseCounters } from './release-counters.js';
import { ReleaseFiles } from './release-files.js';
import { ReleaseStore } from './release-store.js';
import { RemotesService } from './remotes.service.js';

/**
 * The remote pointer on its own: the page service and the published-content cache both read it, and count the
 * pages each release served and the visitors a canary served; and the releases in the media store it serves.
 */
@Module({
  providers: [RemotesService, ReleaseFiles, ReleaseStore, ReleaseCounters, CanaryVisits],
  exports: [RemotesService, ReleaseFiles, ReleaseStore, ReleaseCounters, CanaryVisits],
})
export class RemotesModule {}
