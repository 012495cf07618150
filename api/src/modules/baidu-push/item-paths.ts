import { counterpartPath } from '@site/shared-types';

/** What the link push is told about when it changes: a case or an article. */
export type PushedItem = 'case' | 'news';

/** A case's or an article's desktop page and its mobile counterpart (docs/behaviour.md#page-titles-and-head). */
export function itemPaths(item: PushedItem, id: number): string[] {
  const desktop = item === 'case' ? `/details/${id}.html` : `/news/${id}.html`;
  const mobile = counterpartPath(desktop);
  return mobile ? [desktop, mobile] : [desktop];
}
