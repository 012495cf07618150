import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ItemChanges, type ItemChangeListener, type PageChange } from '../../content/editing/item-changes.js';
import { BaiduPushWorker } from './baidu-push.worker.js';
import { itemPaths } from './item-paths.js';

/**
 * Follows the back office's writes of cases and articles (content's `ItemChanges`): the pages a write changed are
 * queued in the write's own transaction, and once it committed this process's worker is set going. Rows are
 * queued also while push is not configured (docs/decisions.md "Search engines"): setting the token later pushes
 * what changed meanwhile.
 */
@Injectable()
export class BaiduPushQueue implements OnModuleInit, ItemChangeListener {
  constructor(
    private readonly changes: ItemChanges,
    private readonly worker: BaiduPushWorker,
  ) {}

  onModuleInit(): void {
    this.changes.listen(this);
  }

  async inTransaction(manager: EntityManager, change: PageChange): Promise<void> {
    const paths = itemPaths(change.kind, change.id);
    await this.worker.outbox.enqueue(
      manager,
      paths.map((path) => ({ key: path, payload: { reason: change.how } })),
      true,
    );
  }

  committed(): void {
    this.worker.kick();
  }
}
