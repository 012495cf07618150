import { Module } from '@nestjs/common';
import { ReleaseCounters } from '../releases/release-counters.js';
import { ReleaseFiles } from '../releases/release-files.js';
import { RemotesService } from './remotes.service.js';

/**
 * The remote pointer on its own: the page service and the published-content cache both read it, and count the
 * pages each release served.
 */
@Module({
  providers: [RemotesService, ReleaseFiles, ReleaseCounters],
  exports: [RemotesService, ReleaseFiles, ReleaseCounters],
})
export class RemotesModule {}
