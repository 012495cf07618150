/**
 * Where the header search goes: the results page for `?keyword=` (and `&type=` 1 cases, 2 news). The header
 * (layout/) opens it and the results page (features/search) reads it.
 */
export const SEARCH_PATH = '/items/search.html';
