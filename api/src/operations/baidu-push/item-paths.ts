import { counterpartPath } from '@site/shared-types';
import type { EditedKind } from '../../content/editing/item-changes.js';

/** A case's or an article's desktop page and its mobile counterpart (docs/behaviour.md#page-titles-and-head). */
export function itemPaths(item: EditedKind, id: number): string[] {
  const desktop = item === 'case' ? `/details/${id}.html` : `/news/${id}.html`;
  const mobile = counterpartPath(desktop);
  return mobile ? [desktop, mobile] : [desktop];
}
