import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BaiduPushReason } from '@site/shared-types';
import { DataSource, type EntityManager } from 'typeorm';
import { enqueuePaths } from './baidu-push.queries.js';
import { BaiduPushWorker } from './baidu-push.worker.js';
import { itemPaths, type PushedItem } from './item-paths.js';

/** What a write did to one case or article: the item's id and how it changed. */
export interface PushedChange {
  id: number;
  reason: BaiduPushReason;
}

/**
 * Where the back office's writes of cases and articles tell the link push about the pages they changed: the
 * pages are queued in the write's own transaction, and once it committed this process's worker is set going.
 * Rows are queued also while push is not configured (docs/decisions.md "Search engines"): setting the token
 * later pushes what changed meanwhile.
 */
@Injectable()
export class BaiduPushQueue {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly worker: BaiduPushWorker,
  ) {}

  /** Runs `write` in a transaction that also queues the item's pages; answers the item's id. */
  async write(item: PushedItem, write: (manager: EntityManager) => Promise<PushedChange>): Promise<number> {
    const id = await this.db.transaction(async (manager) => {
      const change = await write(manager);
      await enqueuePaths(manager, itemPaths(item, change.id), change.reason);
      return change.id;
    });
    this.worker.kick();
    return id;
  }
}
