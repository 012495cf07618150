import { SearchType, type SearchRequest } from '@site/shared-types';
import { AmountField, CursorField, OneOfField, TextField } from '../../../core/validation.js';

export class SearchDto implements SearchRequest {
  @TextField(50, { min: 1, label: '搜索关键词' })
  keyword: string;

  @OneOfField([SearchType.Cases, SearchType.News], { optional: true })
  type?: SearchType;

  @AmountField()
  amount: number;

  @CursorField()
  page: number;
}
