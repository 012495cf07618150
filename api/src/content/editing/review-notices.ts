import { Injectable } from '@nestjs/common';
import { WriteFollowers, type WriteFollower } from '../../core/write-followers.js';
import type { EditedKind } from './item-changes.js';

/** A case or an article submitted for review: which item, and the revision under review. */
export interface ReviewSubmission {
  kind: EditedKind;
  id: number;
  revision: number;
}

export type ReviewSubmissionListener = WriteFollower<ReviewSubmission>;

/**
 * Where a submission for review is announced (docs/architecture.md "API areas"): operations' notifications queue the
 * editors' notice in the transaction that records the submission (docs/behaviour.md#review-before-publishing), and
 * send it once it committed. Content does not know who listens.
 */
@Injectable()
export class ReviewNotices extends WriteFollowers<ReviewSubmission> {}
