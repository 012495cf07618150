import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { RemotesModule } from '../frontend/remotes.module.js';
import { CacheServer } from './cache-server.js';
import { ContentVersion } from './content-version.js';
import { FreshAfterWrites } from './fresh-after-writes.interceptor.js';
import { PublicReads } from './public-reads.js';
import { RenderCalls } from './render-calls.js';

/** The published-content cache: public answers and pages as ready bytes, emptied when the content changes. */
@Module({
  imports: [DiscoveryModule, RemotesModule],
  providers: [
    PublicReads,
    ContentVersion,
    CacheServer,
    RenderCalls,
    { provide: APP_INTERCEPTOR, useClass: FreshAfterWrites },
  ],
  exports: [CacheServer, PublicReads, RenderCalls],
})
export class CacheModule {}
