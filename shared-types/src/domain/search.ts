import type { SearchType } from '../constants.js';

/** `POST /api/search` (added for the desktop search): cases (type 1) or news (type 2) matching a keyword. */
export interface SearchRequest {
  keyword: string;
  type?: SearchType;
  amount: number;
  page: number;
}
