import type { AdminList, CaseClassLink } from '@site/shared-types';

/** The rows of a 1-based page: `limit` rows from `offset`. */
export interface PageWindow {
  page: number;
  offset: number;
  limit: number;
}

/** Offset and limit for a 1-based page of `perPage` rows. */
export function pageWindow(page: number | undefined, perPage: number): PageWindow {
  const current = page && page > 0 ? page : 1;
  return { page: current, offset: (current - 1) * perPage, limit: perPage };
}

/** The admin list answer; a page past the end simply has no rows. */
export function adminList<T, M>(
  data: T[],
  total: number,
  page: number,
  perPage: number,
  menu: M[],
  classic: CaseClassLink[] = [],
): AdminList<T, M> {
  return {
    list: { data, current_page: page, total, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) },
    menu,
    classic,
  };
}
