import { Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { VitalsSummary } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { VitalsService } from './vitals.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { NotAudited } from '../../core/audit/audited.decorator.js';

/** 访问体验: what real visitors met over the last 7 days (docs/behaviour.md#visitor-experience). */
@ApiTags('admin: vitals')
@ApiSecurity('token')
@Controller('api')
export class VitalsAdminController {
  constructor(private readonly vitals: VitalsService) {}

  @Access('manage')
  @NotAudited()
  @ApiPost('vitals')
  @ApiOperation({ summary: '75th percentile of LCP, INP, CLS and the first input delay per page and device, 7 days' })
  overview(): Promise<VitalsSummary> {
    return this.vitals.overview();
  }
}
