import type { NewMoreRequest, NewsDetailRequest } from '@site/shared-types';
import { AmountField, CursorField, IdField, IntField } from '../../../core/validation.js';

export class NewMoreDto implements NewMoreRequest {
  /** News category id, or 0 for every category. */
  @IntField(0, 2_147_483_647)
  menu: number;

  @AmountField()
  amount: number;

  @CursorField()
  page: number;
}

export class NewsDetailDto implements NewsDetailRequest {
  @IdField()
  case: number;

  /** Sent as 0 by the public sites; carries no meaning for them (docs/behaviour.md#public-calls). */
  @IntField(0, 9, { optional: true })
  state?: number;
}
