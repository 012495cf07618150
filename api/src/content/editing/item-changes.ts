import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WriteFollowers, type WriteFollower } from '../../core/write-followers.js';

/** The items whose public pages a back-office write creates, changes or takes away. */
export type EditedKind = 'case' | 'news';

/** A write that created, changed or took away one case's or article's public pages: what its followers hear. */
export interface PageChange {
  kind: EditedKind;
  id: number;
  how: 'create' | 'update' | 'delete';
}

/**
 * What a write did to one case or article: which item, and how its public pages changed (`none`: it had none and
 * has none, a draft or a scheduled item; its followers do not hear of it).
 */
export type ItemChange = PageChange | (Omit<PageChange, 'how'> & { how: 'none' });

/** Work that follows a change of published items (the link push, docs/behaviour.md#baidu-link-push). */
export type ItemChangeListener = WriteFollower<PageChange>;

/**
 * Where writes of cases and articles tell whoever follows them (docs/architecture.md "API areas"): content does
 * not know its followers; they register here (operations' link push does, at start-up). `ItemEditor.write`
 * opens the write's transaction, calls `note` in it, then `committed` after it. A change of `none` reaches nobody.
 */
@Injectable()
export class ItemChanges extends WriteFollowers<PageChange> {
  override async note(manager: EntityManager, change: ItemChange): Promise<void> {
    if (change.how !== 'none') await super.note(manager, change);
  }

  override committed(change: ItemChange): void {
    if (change.how !== 'none') super.committed(change);
  }
}
