import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ContentVersion } from './content-version.js';
import { PublicReads } from './public-reads.js';
import { RenderCalls } from './render-calls.js';

/** The public reads as in-process calls (the server render's data) and the content version they are kept by. */
@Module({
  imports: [DiscoveryModule],
  providers: [PublicReads, ContentVersion, RenderCalls],
  exports: [PublicReads, ContentVersion, RenderCalls],
})
export class ReadsModule {}
