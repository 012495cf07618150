import { Module } from '@nestjs/common';
import { RemotesService } from './remotes.service.js';

/** The remote pointer on its own: the page service and the published-content cache both read it. */
@Module({ providers: [RemotesService], exports: [RemotesService] })
export class RemotesModule {}
