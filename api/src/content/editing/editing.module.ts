import { Module } from '@nestjs/common';
import { ItemChanges } from './item-changes.js';
import { ItemEditor } from './item-editor.js';
import { PublishSchedule } from './publish-schedule.js';

/**
 * The workflow cases and articles share (saves, revisions, the bin, scheduled publishing), and the notice of their
 * changes that other areas follow.
 */
@Module({
  providers: [ItemChanges, ItemEditor, PublishSchedule],
  exports: [ItemChanges, ItemEditor, PublishSchedule],
})
export class EditingModule {}
