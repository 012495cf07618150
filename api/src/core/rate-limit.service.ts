import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { blockedMs, blockKey, countHit, resetKeys } from './rate-limit.queries.js';

export interface LimitRule {
  /** Hits allowed within the window before the key is blocked. */
  limit: number;
  windowMs: number;
  /** First block; each later block of the same key doubles, up to `maxBlockMs`. */
  blockMs: number;
  maxBlockMs: number;
}

/** Strikes are forgotten after a day without hits. */
const STRIKE_MEMORY = '1 day';

/**
 * Counters kept in PostgreSQL (table `rate_limit`), so limits survive a restart and hold across instances.
 * A key collects hits in a fixed window; reaching the limit blocks it for an escalating period.
 */
@Injectable()
export class RateLimitService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Milliseconds the key stays blocked, or 0. */
  blockedFor(key: string): Promise<number> {
    return blockedMs(this.db, key);
  }

  /**
   * Counts one hit; returns the block length in ms when this hit reached the limit, else 0. `within` counts it
   * in the caller's transaction, so the hit and what it counts (a stored message) are saved together or not at all.
   */
  async hit(key: string, rule: LimitRule, within?: EntityManager): Promise<number> {
    if (within) return countAndBlock(within, key, rule);
    return this.db.transaction((manager) => countAndBlock(manager, key, rule));
  }

  /** Forgets the keys' counters and blocks; `within` does it in the caller's transaction. */
  async reset(keys: string[], within?: EntityManager): Promise<void> {
    await resetKeys(within ?? this.db, keys);
  }
}

async function countAndBlock(manager: EntityManager, key: string, rule: LimitRule): Promise<number> {
  const row = await countHit(manager, key, rule.windowMs, STRIKE_MEMORY);
  if (!row || row.hits < rule.limit) return 0;
  const blockMs = Math.min(rule.maxBlockMs, rule.blockMs * 2 ** Math.min(row.strikes, 20));
  await blockKey(manager, key, blockMs);
  return blockMs;
}

/** "15 分钟" / "2 小时" for a retry message. */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 120 ? `${minutes} 分钟` : `${Math.ceil(minutes / 60)} 小时`;
}
