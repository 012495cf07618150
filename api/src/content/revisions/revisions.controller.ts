import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { RevisionDetail, RevisionList } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import { RevisionDto, RevisionItemDto } from './dto/revisions.dto.js';
import { RevisionsService } from './revisions.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, NotAudited } from '../../core/audit/audited.decorator.js';

/** The saved versions of a case, an article or a site block (docs/behaviour.md#revisions). */
@ApiTags('admin: revisions')
@ApiSecurity('token')
@Controller('api')
export class RevisionsController {
  constructor(private readonly revisions: RevisionsService) {}

  @Access('write')
  @NotAudited()
  @ApiPost('revisions')
  @ApiOperation({ summary: 'The revisions of a case, an article or a site block, newest first (the last 30)' })
  list(@Body() body: RevisionItemDto, @CurrentAdmin() admin: AdminIdentity): Promise<RevisionList> {
    return this.revisions.list(body.kind, body.id, admin);
  }

  @Access('write')
  @NotAudited()
  @ApiPost('getrevision')
  @ApiOperation({ summary: 'One revision with the document it saved' })
  get(@Body() body: RevisionDto, @CurrentAdmin() admin: AdminIdentity): Promise<RevisionDetail> {
    return this.revisions.get(body.kind, body.id, body.number, admin);
  }

  @Access('edit')
  @Audited('revision_restore', (b: RevisionDto) => ({ itemKind: b.kind, itemId: b.id ?? 0 }))
  @ApiPost('restorerevision')
  @ApiOperation({ summary: 'Save a revision again (a new revision); refused while the item is in the recycle bin' })
  @ResponseMessage('已恢复此版本')
  async restore(@Body() body: RevisionDto, @CurrentAdmin() admin: AdminIdentity): Promise<{ number: number }> {
    return { number: await this.revisions.restore(body.kind, body.id, body.number, admin) };
  }
}
