import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** The items whose public pages a back-office write creates, changes or takes away. */
export type EditedKind = 'case' | 'news';

/**
 * What a write did to one case or article: which item, and how its public pages changed (`none`: it had none and
 * has none, a draft or a scheduled item; its followers do not hear of it).
 */
export interface ItemChange {
  kind: EditedKind;
  id: number;
  how: 'create' | 'update' | 'delete' | 'none';
}

/** Work that follows a change of published items (the link push, docs/behaviour.md#baidu-link-push). */
export interface ItemChangeListener {
  /** Runs in the write's own transaction: what it records commits or rolls back with the change. */
  inTransaction(manager: EntityManager, change: ItemChange): Promise<void>;
  /** Runs once the write committed. */
  committed(change: ItemChange): void;
}

/**
 * Where writes of cases and articles tell whoever follows them (docs/architecture.md "API areas"): content does
 * not know its followers; they register here (operations' link push does, at start-up). `ItemEditor.write`
 * opens the write's transaction, calls `note` in it, then `committed` after it.
 */
@Injectable()
export class ItemChanges {
  private readonly listeners: ItemChangeListener[] = [];

  listen(listener: ItemChangeListener): void {
    this.listeners.push(listener);
  }

  /** Tells every listener of a change, inside the write's transaction (`manager`). */
  async note(manager: EntityManager, change: ItemChange): Promise<void> {
    if (change.how === 'none') return;
    for (const listener of this.listeners) await listener.inTransaction(manager, change);
  }

  /** Tells every listener that the write of `change` committed. */
  committed(change: ItemChange): void {
    if (change.how === 'none') return;
    for (const listener of this.listeners) listener.committed(change);
  }
}
