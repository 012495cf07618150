import type { KeywordName } from '../constants.js';

/**
 * Keyword record (docs/behaviour.md#content-model). `keywords` is the record's name; the records `title`, `keywords`
 * and `description` fill the page meta.
 */
export interface KeywordRecord {
  id: number;
  keywords: KeywordName | string;
  content: string;
}

export interface KeywordUpdateRequest {
  id: number;
  content: string;
}
