import type { BaiduPushLogEntry, BaiduPushReason } from '@site/shared-types';
import { execute, queryOne, type Sql } from '../../core/sql.js';

/** What a queued address carries in the outbox (its key is the page's path). */
export interface QueuedPath {
  reason: BaiduPushReason;
}

export interface QuotaRow {
  remain: number | null;
  reported_at: Date | null;
  held_until: Date | null;
}

/** What one request to Baidu got, as the log keeps it. */
export type NewLogEntry = Omit<BaiduPushLogEntry, 'id' | 'at'>;

export async function findQuota(db: Sql): Promise<QuotaRow> {
  return (
    (await queryOne<QuotaRow>(db, 'SELECT remain, reported_at, held_until FROM baidu_push_quota')) ?? {
      remain: null,
      reported_at: null,
      held_until: null,
    }
  );
}

/** What Baidu said is left today, and until when nothing is to be sent (`null`: no hold). */
export function saveQuota(db: Sql, remain: number | null, heldUntil: Date | null): Promise<number> {
  return execute(
    db,
    `UPDATE baidu_push_quota SET remain = coalesce($1, remain), reported_at = CASE WHEN $1::int IS NULL
       THEN reported_at ELSE now() END, held_until = $2`,
    [remain, heldUntil],
  );
}
