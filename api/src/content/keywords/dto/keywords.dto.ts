import type { KeywordUpdateRequest } from '@site/shared-types';
import { IdField, TextField } from '../../../core/validation.js';

export class KeywordUpdateDto implements KeywordUpdateRequest {
  @IdField()
  id: number;

  @TextField(500, { min: 1, label: '内容' })
  content: string;
}
