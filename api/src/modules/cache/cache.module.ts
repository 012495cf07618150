import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { FrontendModule } from '../frontend/frontend.module.js';
import { CacheServer } from './cache-server.js';
import { ContentVersion } from './content-version.js';
import { FreshAfterWrites } from './fresh-after-writes.interceptor.js';
import { PublicReads } from './public-reads.js';

/** The published-content cache: public answers and pages as ready bytes, emptied when the content changes. */
@Module({
  imports: [DiscoveryModule, FrontendModule],
  providers: [PublicReads, ContentVersion, CacheServer, { provide: APP_INTERCEPTOR, useClass: FreshAfterWrites }],
  exports: [CacheServer, PublicReads],
})
export class CacheModule {}
