import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ReviewApproveRequest, ReviewKind, ReviewRow } from '@site/shared-types';
import { DataSource } from 'typeorm';
import { CasesAdminService } from '../cases/cases.admin.service.js';
import type { Writer } from '../editing/item-review.js';
import { listPending } from '../editing/review.queries.js';
import { NewsAdminService } from '../news/news.admin.service.js';

/**
 * Review before publishing (docs/behaviour.md#review-before-publishing): the list of what waits for an editor, and
 * each step, handed to the case's or article's own service (an approval saves through its ordinary save).
 */
@Injectable()
export class ReviewsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly cases: CasesAdminService,
    private readonly news: NewsAdminService,
  ) {}

  /** The cases and articles waiting for an editor, oldest submission first. */
  waiting(): Promise<ReviewRow[]> {
    return listPending(this.db);
  }

  submit(kind: ReviewKind, id: number, writer: Writer): Promise<void> {
    return this.of(kind).submit(id, writer);
  }

  approve(request: ReviewApproveRequest, editor: Writer): Promise<void> {
    return this.of(request.kind).approve(request.id, request, editor);
  }

  sendBack(kind: ReviewKind, id: number, comment: string, editor: Writer): Promise<void> {
    return this.of(kind).sendBack(id, comment, editor);
  }

  private of(kind: ReviewKind): CasesAdminService | NewsAdminService {
    return kind === 'case' ? this.cases : this.news;
  }
}
