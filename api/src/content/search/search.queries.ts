import type { SqlFilter } from '../../core/sql.js';

// `position()` matches the keyword ($1) literally, so `%`, `_` and `\` in it are ordinary characters (no LIKE
// pattern is ever built from user input). Case-insensitive for Latin letters; Chinese has no case.

/** Cases whose name, intro or scene contains the keyword. */
export const caseMatch = (keyword: string): SqlFilter => ({
  where: `position(lower($1) in lower(c.name)) > 0
    OR position(lower($1) in lower(c.intro)) > 0
    OR position(lower($1) in lower(c.scene)) > 0`,
  param: keyword,
});

/** Articles whose title or intro contains the keyword. */
export const newsMatch = (keyword: string): SqlFilter => ({
  where: 'position(lower($1) in lower(n.title)) > 0 OR position(lower($1) in lower(n.intro)) > 0',
  param: keyword,
});
