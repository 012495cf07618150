import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

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
  async blockedFor(key: string): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT GREATEST(0, EXTRACT(EPOCH FROM (blocked_until - now())) * 1000)::bigint AS ms
       FROM rate_limit WHERE key = $1 AND blocked_until > now()`,
      [key],
    )) as { ms: string }[];
    return row ? Number(row.ms) : 0;
  }

  /** Counts one hit; returns the block length in ms when this hit reached the limit, else 0. */
  async hit(key: string, rule: LimitRule): Promise<number> {
    return this.db.transaction(async (manager) => {
      const window = `${rule.windowMs} milliseconds`;
      const [row] = (await manager.query(
        `INSERT INTO rate_limit AS r (key, hits, window_start, updated_at) VALUES ($1, 1, now(), now())
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.window_start < now() - $2::interval THEN 1 ELSE r.hits + 1 END,
           window_start = CASE WHEN r.window_start < now() - $2::interval THEN now() ELSE r.window_start END,
           strikes = CASE WHEN r.updated_at < now() - $3::interval THEN 0 ELSE r.strikes END,
           updated_at = now()
         RETURNING hits, strikes`,
        [key, window, STRIKE_MEMORY],
      )) as { hits: number; strikes: number }[];
      if (!row || row.hits < rule.limit) return 0;
      const blockMs = Math.min(rule.maxBlockMs, rule.blockMs * 2 ** Math.min(row.strikes, 20));
      await manager.query(
        `UPDATE rate_limit SET blocked_until = now() + $2::interval, strikes = strikes + 1, hits = 0,
           window_start = now() WHERE key = $1`,
        [key, `${blockMs} milliseconds`],
      );
      return blockMs;
    });
  }

  async reset(...keys: string[]): Promise<void> {
    await this.db.query('DELETE FROM rate_limit WHERE key = ANY($1)', [keys]);
  }
}

/** "15 分钟" / "2 小时" for a retry message. */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 120 ? `${minutes} 分钟` : `${Math.ceil(minutes / 60)} 小时`;
}
