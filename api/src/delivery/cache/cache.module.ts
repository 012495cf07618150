import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuthModule } from '../../core/auth/auth.module.js';
import { FrontendModule } from '../pages/frontend.module.js';
import { ReadsModule } from '../reads/reads.module.js';
import { RemotesModule } from '../releases/remotes.module.js';
import { CacheServer } from './cache-server.js';
import { FreshAfterWrites } from './fresh-after-writes.interceptor.js';

/** The published-content cache: public answers and pages as ready bytes, emptied when the content changes. */
@Module({
  imports: [AuthModule, FrontendModule, ReadsModule, RemotesModule],
  providers: [CacheServer, { provide: APP_INTERCEPTOR, useClass: FreshAfterWrites }],
  exports: [CacheServer],
})
export class CacheModule {}
