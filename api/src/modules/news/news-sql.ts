/** Columns of an article as lists show it (`NewsSummary`), for queries aliasing the table as `n`. */
export const NEWS_SUMMARY_COLUMNS = 'n.id, n.title, n.intro, n.img, n.create_time, n.dynamic_id';

/** Newest first, id as the tie-breaker: a total order, so cursors never skip or repeat. */
export const NEWS_LIST_ORDER = 'n.create_time DESC, n.id DESC';
