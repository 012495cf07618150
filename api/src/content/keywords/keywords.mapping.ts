import type { KeywordRecord } from '@site/shared-types';
import { pick } from '../../core/wire.js';
import type { KeywordRow } from './keywords.queries.js';

export function toKeywordRecord(row: KeywordRow): KeywordRecord {
  return pick(row, ['id', 'keywords', 'content']);
}
