import { Controller, Get, Header, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RemotePointer } from '@site/shared-types';
import type { Request, Response } from 'express';
import { Public } from '../../core/public.decorator.js';
import { RemotesService } from '../releases/remotes.service.js';

@ApiTags('public')
@Public()
@Controller('api/frontend')
export class FrontendController {
  constructor(private readonly remotes: RemotesService) {}

  /** The shell re-reads it before retrying a remote; never cached, so a new release is seen at once. */
  @Get('remotes')
  @Header('Cache-Control', 'no-cache')
  @ApiOperation({ summary: 'Remote pointer: the mf-manifest.json each remote currently runs from' })
  remotesPointer(@Req() req: Request, @Res({ passthrough: true }) res: Response): RemotePointer {
    // The visitor's own releases: one in a canary gets the canary again.
    return this.remotes.forVisitor(req, res).pointer;
  }
}
