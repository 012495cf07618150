import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type {
  ReviewApproveRequest,
  ReviewKind,
  ReviewRequest,
  ReviewReturnRequest,
  ReviewRow,
} from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { Access } from '../../core/auth/access.decorator.js';
import { CurrentAdmin } from '../../core/auth/admin.decorator.js';
import type { AdminIdentity } from '../../core/auth/auth.service.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { IdField, OneOfTextField, TextField } from '../../core/validation.js';
import { ReviewsService } from './reviews.service.js';
import { Audited, NotAudited } from '../../core/audit/audited.decorator.js';

const REVIEW_KINDS: readonly ReviewKind[] = ['case', 'news'];

/** The item a review step names, for its audit record (the step's revision and title are noted by the service). */
const reviewItem = (body: ReviewRequest) => ({ itemKind: body.kind, itemId: body.id });

class ReviewDto implements ReviewRequest {
  @OneOfTextField(REVIEW_KINDS, { description: 'a case or an article' })
  kind: ReviewKind;

  @IdField()
  id: number;
}

class ReviewApproveDto extends ReviewDto implements ReviewApproveRequest {
  @OneOfTextField(['published', 'scheduled'] as const, { description: 'publish now, or at publish_at' })
  status: 'published' | 'scheduled';

  @TextField(40, {
    optional: true,
    nullable: true,
    description: 'ISO 8601 with an offset (2026-12-01T09:00:00+08:00); required for scheduled, ignored otherwise',
  })
  publish_at?: string | null;
}

class ReviewReturnDto extends ReviewDto implements ReviewReturnRequest {
  @TextField(500, { min: 1, label: '退回意见' })
  comment: string;
}

/** Review before publishing (docs/behaviour.md#review-before-publishing). */
@ApiTags('admin: cases and articles')
@ApiSecurity('token')
@Controller('api')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Access('edit')
  @NotAudited()
  @ApiPost('reviews')
  @ApiOperation({ summary: 'Cases and articles waiting for review, oldest submission first' })
  list(): Promise<ReviewRow[]> {
    return this.reviews.waiting();
  }

  @Access('write')
  @Audited('review_submit', reviewItem)
  @ApiPost('submitreview')
  @ApiOperation({ summary: "Submit one's draft (or a returned change) for review; editors are notified" })
  @ResponseMessage('已提交审核')
  async submit(@Body() body: ReviewDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.reviews.submit(body.kind, body.id, admin);
    return null;
  }

  @Access('edit')
  @Audited('review_approve', reviewItem)
  @ApiPost('approvereview')
  @ApiOperation({ summary: 'Publish or schedule the reviewed document through the ordinary save' })
  @ResponseMessage('审核通过')
  async approve(@Body() body: ReviewApproveDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.reviews.approve(body, admin);
    return null;
  }

  @Access('edit')
  @Audited('review_return', reviewItem)
  @ApiPost('returnreview')
  @ApiOperation({ summary: 'Send an item under review back to its author with a comment (≤ 500 characters)' })
  @ResponseMessage('已退回修改')
  async sendBack(@Body() body: ReviewReturnDto, @CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.reviews.sendBack(body.kind, body.id, body.comment, admin);
    return null;
  }
}
