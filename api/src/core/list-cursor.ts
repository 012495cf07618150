import type { Paged } from '@site/shared-types';

/**
 * The cursors of the infinite lists (`itemmore`, `newmore`, search; docs/decisions.md "Infinite lists"). A cursor
 * below {@link AFTER_ENTRY} is an offset, as the client's first one (4, the preloaded page) is. The cursors the
 * server answers are "after the entry with this id": {@link AFTER_ENTRY} + the id of the step's last entry, so the
 * next step starts in the index where this one ended, however deep, instead of counting its way there, and an entry
 * published meanwhile neither repeats nor skips one. The client passes the cursor back without reading it.
 */
export const AFTER_ENTRY = 2 ** 30;

/** Where a step starts: `after` the entry with that id (0: none), else at `offset`. */
export interface ListStart {
  offset: number;
  after: number;
}

export function listStart(cursor: number): ListStart {
  return cursor >= AFTER_ENTRY ? { offset: 0, after: cursor - AFTER_ENTRY } : { offset: cursor, after: 0 };
}

/**
 * One step of an infinite list: `page` is the cursor of the step after it, the entry this one ended with; an empty
 * step answers its own cursor. Ids stay far below 2^30; one that did not would be answered as an offset.
 */
export function pagedAfter<T extends { id: number }>(data: T[], cursor: number, sum: number): Paged<T> {
  const last = data.at(-1);
  if (!last) return { data, page: cursor, sum };
  if (last.id < 2 ** 31 - AFTER_ENTRY) return { data, page: AFTER_ENTRY + last.id, sum };
  return { data, page: cursor < AFTER_ENTRY ? cursor + data.length : cursor, sum };
}
