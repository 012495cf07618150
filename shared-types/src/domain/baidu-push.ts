/** Baidu's link push as the back office sees it (docs/behaviour.md#baidu-link-push). Times: `yyyy-MM-dd HH:mm:ss`, UTC+8. */

/** Why an address was queued. */
export type BaiduPushReason = 'create' | 'update' | 'delete' | 'manual';

/** An address waiting to be pushed (`pending`, `sending` while a push of it is under way) or given up (`failed`). */
export interface BaiduPushQueueRow {
  id: number;
  url: string;
  reason: BaiduPushReason;
  state: 'pending' | 'sending' | 'failed';
  attempts: number;
  /** When it is tried next (`pending`). */
  next_attempt: string;
  last_error: string | null;
  queued_at: string;
}

/** One request to Baidu and its answer. */
export interface BaiduPushLogEntry {
  id: number;
  at: string;
  urls: string[];
  /** HTTP status of the answer; 0 when none came (network failure, timeout). */
  status: number;
  ok: boolean;
  success: number | null;
  remain: number | null;
  not_same_site: string[];
  not_valid: string[];
  error: string | null;
  /** Pushed by hand from the back office. */
  manual: boolean;
}

export interface BaiduPushStatus {
  configured: boolean;
  /** The variables still to set for pushing (empty when configured). */
  missing: string[];
  /** The site as registered on Baidu, and the origin pushed addresses are on (`null` when not configured). */
  site: string | null;
  origin: string | null;
  quota: {
    /** What Baidu's last answer said is left for today (`null`: no answer yet today). */
    remain: number | null;
    reported_at: string | null;
    /** Nothing is sent before then (the day's quota is used up). */
    held_until: string | null;
  };
  pending: number;
  failed: number;
  /** The first 100 queued addresses, next due first, then the failed ones. */
  queue: BaiduPushQueueRow[];
  /** The last answers, newest first (at most 50 are kept). */
  log: BaiduPushLogEntry[];
}

export interface BaiduPushUrlRequest {
  url: string;
}

/** What a push by hand got: Baidu's answer, or why it is still queued. */
export interface BaiduPushResult {
  url: string;
  /** Baidu took it. */
  ok: boolean;
  /** Still queued (to be retried, or held until tomorrow). */
  queued: boolean;
  status: number;
  success: number | null;
  remain: number | null;
  error: string | null;
}

export interface BaiduPushRetryRequest {
  /** One queued address; all of them when left out. */
  id?: number;
}
