import { Injectable } from '@nestjs/common';
import type { BaiduPushReason } from '@site/shared-types';
import type { EntityManager } from 'typeorm';
import { enqueuePaths } from './baidu-push.queries.js';
import { BaiduPushWorker } from './baidu-push.worker.js';
import { itemPaths, type PushedItem } from './item-paths.js';

/**
 * Where the back office's writes of cases and articles tell the link push about the pages they changed: in the
 * write's own transaction (`queue`), then, once it committed, `wake` sets this process's worker going. Rows are
 * queued also while push is not configured (docs/decisions.md "Search engines"): setting the token later pushes
 * what changed meanwhile.
 */
@Injectable()
export class BaiduPushQueue {
  constructor(private readonly worker: BaiduPushWorker) {}

  async queue(manager: EntityManager, item: PushedItem, id: number, reason: BaiduPushReason): Promise<void> {
    await enqueuePaths(manager, itemPaths(item, id), reason);
  }

  wake(): void {
    this.worker.kick();
  }
}
