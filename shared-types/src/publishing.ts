/**
 * Drafts and scheduled publishing of cases and articles (docs/behaviour.md#drafts-and-scheduled-publishing). Only a
 * published item is anywhere public; a scheduled one becomes published at its time (Beijing time on every screen).
 */
export const ITEM_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** What the back office calls each state. */
export const ITEM_STATUS_NAMES: Readonly<Record<ItemStatus, string>> = {
  draft: '草稿',
  scheduled: '定时',
  published: '已发布',
};

/** What `getcase`/`getnews` and the admin lists answer of an item's state. */
export interface Publishing {
  status: ItemStatus;
  /** When a scheduled item goes public (ISO 8601 with `+08:00`); `null` unless scheduled. */
  publish_at: string | null;
}

/**
 * What `amendcase`/`amendnews` take: `status` absent means published, so earlier callers keep working;
 * `publish_at` (ISO 8601 with an offset) is required for `scheduled` and ignored otherwise.
 */
export interface PublishingInput {
  status?: ItemStatus;
  publish_at?: string | null;
}

/** `POST /api/preview`: which item to preview. */
export interface PreviewRequest {
  kind: 'case' | 'news';
  id: number;
}

/** The item's pages as saved, for anyone holding these addresses until `expires_at` (docs/behaviour.md#preview). */
export interface PreviewLinks {
  desktop: string;
  mobile: string;
  expires_at: string;
}

/** `2026-12-01T09:00:00+08:00`: a moment written in Beijing time, as the wire carries `publish_at`. */
export function beijingIso(date: Date): string {
  return `${new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** An ISO 8601 date-time with seconds optional and an explicit offset (`Z` or `±hh:mm`): the only kind taken. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The moment an ISO 8601 date-time with an offset names, or `null` for anything else (no offset, not a date). */
export function parseIsoWithOffset(text: string): Date | null {
  if (!ISO_WITH_OFFSET.test(text)) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return null;
  // `2026-02-30T…` rolls over in Date: refused, the calendar day must exist as written.
  const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)!;
  const offset = /(Z|[+-]\d{2}:\d{2})$/.exec(text)![1]!;
  const minutes =
    offset === 'Z'
      ? 0
      : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
  const local = new Date(date.getTime() + minutes * 60_000);
  const same =
    local.getUTCFullYear() === Number(year) &&
    local.getUTCMonth() + 1 === Number(month) &&
    local.getUTCDate() === Number(day);
  return same ? date : null;
}
