import { parseIsoWithOffset, type ItemStatus, type PublishingInput, type ReviewState } from '@site/shared-types';
import { invalid } from '../../core/api.exception.js';
import type { ItemChange } from './item-changes.js';

/**
 * Drafts and scheduled publishing of cases and articles (docs/behaviour.md#drafts-and-scheduled-publishing): what
 * their queries and saves share.
 */

/** The state columns as the wire carries them: `publish_at` written in Beijing time, `+08:00`. */
export const publishingColumns = (alias: string) =>
  `${alias}.status, to_char(${alias}.publish_at AT TIME ZONE INTERVAL '08:00', 'YYYY-MM-DD"T"HH24:MI:SS"+08:00"') AS publish_at`;

/** A published row outside the recycle bin: the only kind anything public shows. */
export const isPublic = (alias: string) => `${alias}.deleted_at IS NULL AND ${alias}.status = 'published'`;

/**
 * Who reads an item's detail: a visitor (published items only), or a preview of the item itself (any state outside
 * the bin), shown among its published neighbours as it will be once published.
 */
export type Audience = 'public' | 'preview';

/** The rows a detail read of item `$1` sees, for its audience. */
export const detailRows = (alias: string, audience: Audience) =>
  audience === 'public'
    ? isPublic(alias)
    : `(${isPublic(alias)} OR (${alias}.id = $1 AND ${alias}.deleted_at IS NULL))`;

/** What a save stores of the state: `publish_at` only for a scheduled item. */
export interface PublishingFields {
  status: ItemStatus;
  publish_at: Date | null;
}

/**
 * The review columns of a case's or article's row (docs/behaviour.md#review-before-publishing): who created it, the
 * state of its review, the revision under review and the editor's comment of a return.
 */
export interface ReviewColumns {
  author_id: number | null;
  review: ReviewState | null;
  review_number: number | null;
  review_comment: string;
}

export const reviewColumns = (alias: string) =>
  `${alias}.author_id, ${alias}.review, ${alias}.review_number, ${alias}.review_comment`;

/**
 * Who a save writes for, and what it does to the item's review: `end` (an editor's save) ends any review;
 * `withdraw` (a contributor's save of their own draft) takes a pending review back and keeps a returned one with its
 * comment, and writes only a draft of that author (anything else answers as no such item). `author_id` is stored
 * by an insert only. Absent (the seeder): no author, `end`.
 */
export interface ReviewWrite {
  author_id?: number | null;
  review_write?: 'end' | 'withdraw' | `approve:${number}`;
}

/**
 * The update's `SET` of the review columns and its guard, for `review_write` as `$write` and the author as `$author`.
 * An approval (`approve:<n>`) ends the review like an editor's save, but only while revision `n` is still the one
 * under review: a change submitted meanwhile is not approved unseen.
 */
export function reviewUpdate(alias: string, write: string, author: string): { set: string; guard: string } {
  const approving = `${write} LIKE 'approve:%'`;
  const ending = `(${write} = 'end' OR ${approving})`;
  const ends = `(${ending} OR ${alias}.review = 'pending')`;
  return {
    set: `review = CASE WHEN ${ends} THEN NULL ELSE ${alias}.review END,
       review_number = CASE WHEN ${ends} THEN NULL ELSE ${alias}.review_number END,
       review_at = CASE WHEN ${ends} THEN NULL ELSE ${alias}.review_at END,
       review_comment = CASE WHEN ${ending} THEN '' ELSE ${alias}.review_comment END`,
    guard: `(${write} = 'end'
       OR (${approving} AND was.review = 'pending' AND was.review_number::text = substr(${write}, 9))
       OR (${write} = 'withdraw' AND was.status = 'draft' AND was.author_id = ${author}))`,
  };
}

export const SCHEDULE_NEEDS_TIME = '定时发布需要填写发布时间';
export const SCHEDULE_TIME_FORMAT = '发布时间格式不正确，应为带时区的 ISO 8601 时间，如 2026-12-01T09:00:00+08:00';
export const SCHEDULE_IN_PAST = '定时发布的时间必须晚于现在';

/** The state a form asks for, checked: absent is published; a scheduled one needs a time to come. */
export function publishingFields(form: PublishingInput, now = new Date()): PublishingFields {
  const status = form.status ?? 'published';
  if (status !== 'scheduled') return { status, publish_at: null };
  if (!form.publish_at) throw invalid(SCHEDULE_NEEDS_TIME);
  const at = parseIsoWithOffset(form.publish_at);
  if (!at) throw invalid(SCHEDULE_TIME_FORMAT);
  if (at.getTime() <= now.getTime()) throw invalid(SCHEDULE_IN_PAST);
  return { status, publish_at: at };
}

/**
 * What a write did to an item's public pages, from whether it was public before and is after: they appear
 * (`create`), change (`update`), go (`delete`), or there were none either side (`none`).
 */
export function publicChange(before: boolean, after: boolean): ItemChange['how'] {
  if (after) return before ? 'update' : 'create';
  return before ? 'delete' : 'none';
}
