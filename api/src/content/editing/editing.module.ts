import { Module } from '@nestjs/common';
import { ItemChanges } from './item-changes.js';
import { ItemEditor } from './item-editor.js';

/** The workflow cases and articles share, and the notice of their changes that other areas follow. */
@Module({
  providers: [ItemChanges, ItemEditor],
  exports: [ItemChanges, ItemEditor],
})
export class EditingModule {}
