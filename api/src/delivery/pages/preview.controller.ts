import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { PreviewLinks, PreviewRequest } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { IdField, OneOfTextField } from '../../core/validation.js';
import { Previews } from './previews.js';
import { Access } from '../../core/auth/access.decorator.js';

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
  @ApiPost('preview')
  @ApiOperation({
    summary: "A draft's or scheduled item's desktop and mobile page addresses, signed for an hour (no login needed)",
  })
  links(@Body() body: PreviewDto): Promise<PreviewLinks> {
    return this.previews.links(body.kind, body.id);
  }
}
