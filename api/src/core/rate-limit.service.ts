import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { outsideAudit } from './audit/audit-context.js';
import { blockKey, countHit, resetKeys, type HitRow } from './rate-limit.queries.js';

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

  /**
   * Counts an attempt against every key before it is made, so that a burst of attempts at once gets no more than
   * each key's limit through: the keys' rows are locked in turn (always in the same order) while the attempt is
   * counted, and the attempt that reaches a limit blocks its key at once. Answers 0 when the attempt may go ahead,
   * or, when a key is blocked already, how many ms its block still lasts (the longest of them); nothing is then
   * counted. `within` counts in the caller's transaction, which must then roll back when the answer is not 0.
   *
   * An attempt that turns out well may undo its count with {@link reset}; one that fails keeps it.
   */
  async reserve(
    attempts: ReadonlyArray<readonly [key: string, rule: LimitRule]>,
    within?: EntityManager,
  ): Promise<number> {
    const ordered = [...attempts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const count = async (manager: EntityManager) => {
      let blocked = 0;
      for (const [key, rule] of ordered) {
        const row = await countHit(manager, key, rule.windowMs, STRIKE_MEMORY);
        if (row.blocked_ms > 0) blocked = Math.max(blocked, row.blocked_ms);
        else if (row.hits >= rule.limit) await block(manager, key, rule, row);
      }
      return blocked;
    };
    if (within) return count(within);
    const refused = new Error('blocked');
    let blocked = 0;
    try {
      // The count commits before the attempt is made: it does not carry the attempt's audit record.
      await outsideAudit(() =>
        this.db.transaction(async (manager) => {
          blocked = await count(manager);
          // A blocked attempt leaves no count behind.
          if (blocked > 0) throw refused;
        }),
      );
    } catch (error) {
      if (error !== refused) throw error;
    }
    return blocked;
  }

  /** Forgets the keys' counters and blocks; `within` does it in the caller's transaction. */
  async reset(keys: string[], within?: EntityManager): Promise<void> {
    await resetKeys(within ?? this.db, keys);
  }
}

/** Blocks the key for its rule's first block, doubled for each strike it has. */
async function block(manager: EntityManager, key: string, rule: LimitRule, row: HitRow): Promise<void> {
  await blockKey(manager, key, Math.min(rule.maxBlockMs, rule.blockMs * 2 ** Math.min(row.strikes, 20)));
}

/** "15 分钟" / "2 小时" for a retry message. */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 120 ? `${minutes} 分钟` : `${Math.ceil(minutes / 60)} 小时`;
}
