import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ReviewNotices,
  type ReviewSubmission,
  type ReviewSubmissionListener,
} from '../../content/editing/review-notices.js';
import { reviewDeliveries } from './review-notify.queries.js';
import { ReviewNotifyWorker } from './review-notify.worker.js';

/**
 * Follows content's submissions for review (`ReviewNotices`): the editors' notice is queued in the transaction that
 * records the submission, one per enabled channel, and once it committed this process delivers it.
 */
@Injectable()
export class ReviewOutbox implements OnModuleInit, ReviewSubmissionListener {
  private readonly queued = new WeakSet<ReviewSubmission>();

  constructor(
    private readonly notices: ReviewNotices,
    private readonly worker: ReviewNotifyWorker,
  ) {}

  onModuleInit(): void {
    this.notices.listen(this);
  }

  async inTransaction(manager: EntityManager, submission: ReviewSubmission): Promise<void> {
    const queued = await this.worker.outbox.enqueue(manager, await reviewDeliveries(manager, submission));
    if (queued.length > 0) this.queued.add(submission);
  }

  committed(submission: ReviewSubmission): void {
    if (this.queued.has(submission)) this.worker.kick();
  }
}
