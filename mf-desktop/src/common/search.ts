import { routePath, withQuery, type SearchType } from '@site/shared-types';

/**
 * Where the header search goes: the results page for `?keyword=` (and `&type=` 1 cases, 2 news). The header
 * (layout/) opens it and the results page (features/search) reads it.
 */
export const SEARCH_PATH = routePath('desktop', 'search');

/** The results page for a keyword, in one list (`type`) or, without one, the cases. */
export function searchAddress(keyword: string, type?: SearchType): string {
  return withQuery(SEARCH_PATH, { keyword, type });
}
