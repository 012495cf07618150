import { Module } from '@nestjs/common';
import { ItemChanges } from './item-changes.js';
import { ItemEditor } from './item-editor.js';
import { ItemReview } from './item-review.js';
import { PublishSchedule } from './publish-schedule.js';
import { ReviewNotices } from './review-notices.js';

/**
 * The workflow cases and articles share (saves, revisions, the bin, scheduled publishing, review before publishing),
 * and the notices of their changes and submissions that other areas follow.
 */
@Module({
  providers: [ItemChanges, ItemEditor, ItemReview, PublishSchedule, ReviewNotices],
  exports: [ItemChanges, ItemEditor, ItemReview, PublishSchedule, ReviewNotices],
})
export class EditingModule {}
