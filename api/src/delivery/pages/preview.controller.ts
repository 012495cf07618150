import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { PreviewLinks, PreviewRequest } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { IdField, OneOfTextField } from '../../core/validation.js';
import { Previews } from './previews.js';
import { Access } from '../../core/auth/access.decorator.js';
import { NotAudited } from '../../core/audit/audited.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';

class PreviewDto implements PreviewRequest {
  @OneOfTextField(['case', 'news'])
  kind: 'case' | 'news';

  @IdField()
  id: number;
}

/** Previews of drafts and scheduled items (docs/behaviour.md#preview). */
@ApiTags('admin: cases and articles')
@ApiSecurity('token')
@Controller('api')
export class PreviewController {
  constructor(private readonly previews: Previews) {}

  @Access('write')
  @NotAudited()
  @ApiPost('preview')
  @ApiOperation({
    summary:
      "A draft's, scheduled item's or change under review's desktop and mobile page addresses, signed for an hour (no login needed)",
  })
  links(@Body() body: PreviewDto, @CurrentAdmin() admin: AdminIdentity): Promise<PreviewLinks> {
    return this.previews.links(body.kind, body.id, Date.now(), admin);
  }
}
