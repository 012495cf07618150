/** Columns of a case as lists show it (`CaseSummary`), for queries aliasing the table as `c`. */
export const CASE_SUMMARY_COLUMNS =
  'c.id, c.name, c.intro, c.scene, c.site, c.img, c.top, c.dict_id, c.class_id, c.create_time';

/** The one case list order (pinned first, newest first, id last): a total order, so cursors never skip or repeat. */
export const CASE_LIST_ORDER = 'c.top ASC, c.create_time DESC, c.id DESC';
