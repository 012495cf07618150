import type { IdRequest } from '@site/shared-types';
import { IdField } from './validation.js';

/** `{id}`: the payload of every `delete…` call. */
export class IdDto implements IdRequest {
  @IdField()
  id: number;
}
