import { Body, Controller, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { ReleasesOverview } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { Client, type ClientInfo } from '../../core/client-info.js';
import { Public } from '../../core/public.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import { CanaryDto, ClientErrorDto, ReleaseDto, RemoteDto } from './dto/releases.dto.js';
import { ClientErrorIntake } from './client-errors.js';
import { ReleaseSwitches } from './release-switches.js';
import { ReleasesOverviewService } from './releases-overview.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, NotAudited } from '../../core/audit/audited.decorator.js';

/** 版本发布: the remote releases, switched from the back office (docs/behaviour.md#remote-releases). */
@ApiTags('admin: releases')
@ApiSecurity('token')
@Controller('api')
export class ReleasesController {
  constructor(
    private readonly overviews: ReleasesOverviewService,
    private readonly switches: ReleaseSwitches,
  ) {}

  @Access('manage')
  @NotAudited()
  @ApiPost('releases')
  @ApiOperation({ summary: "Every remote's kept releases, pointer, error counts, and the latest switches" })
  overview(): Promise<ReleasesOverview> {
    return this.overviews.overview();
  }

  @Access('manage')
  @Audited('release_activate')
  @ApiPost('activaterelease')
  @ApiOperation({ summary: 'Serve a kept release to everyone (through the gate); ends a canary' })
  @ResponseMessage('已启用')
  async activate(@Body() body: ReleaseDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.switches.activate(body.remote, body.release, await this.actor(admin));
    return null;
  }

  @Access('manage')
  @Audited('release_canary')
  @ApiPost('canaryrelease')
  @ApiOperation({ summary: 'Serve a kept release to a share of visitors (through the gate)' })
  @ResponseMessage('灰度发布已开始')
  async canary(@Body() body: CanaryDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.switches.canary(body.remote, body.release, body.percent, await this.actor(admin));
    return null;
  }

  @Access('manage')
  @Audited('release_promote')
  @ApiPost('promoterelease')
  @ApiOperation({ summary: 'Make the canary the active release' })
  @ResponseMessage('已全量发布')
  async promote(@Body() body: RemoteDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.switches.promote(body.remote, await this.actor(admin));
    return null;
  }

  @Access('manage')
  @Audited('release_rollback')
  @ApiPost('rollbackrelease')
  @ApiOperation({ summary: 'End the canary, or without one go back to the release active before' })
  @ResponseMessage('已回滚')
  async rollback(@Body() body: RemoteDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.switches.rollback(body.remote, await this.actor(admin));
    return null;
  }

  /** The administrator's e-mail, for the audit entry. */
  private actor(admin: AdminIdentity): Promise<string> {
    return this.switches.actorOf(admin.userId);
  }
}

/** The browser's report of a remote that failed to load or threw (counted per release; bounded and rate-limited). */
@ApiTags('public')
@Public()
@Controller('api/frontend')
export class ClientErrorsController {
  constructor(private readonly errors: ClientErrorIntake) {}

  @ApiPost('errors')
  @ApiOperation({ summary: 'Report a remote load failure or an uncaught error in the browser' })
  @ResponseMessage('已收到')
  report(@Req() req: Request, @Body() body: ClientErrorDto, @Client() client: ClientInfo): { counted: boolean } {
    return { counted: this.errors.reportClientError(req, body, client.ip) };
  }
}
