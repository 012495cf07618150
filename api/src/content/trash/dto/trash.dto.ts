import type { TrashItemRequest, TrashKind, TrashListRequest } from '@site/shared-types';
import { IdField, OneOfTextField, PageField, TextField } from '../../../core/validation.js';

export const TRASH_KIND_NAMES: readonly TrashKind[] = ['case', 'news', 'menu'];

export class TrashListDto implements TrashListRequest {
  @OneOfTextField(TRASH_KIND_NAMES, { optional: true, description: 'case, news or menu; absent: all' })
  kind?: TrashKind;

  @PageField()
  page?: number;

  @TextField(50, { optional: true })
  search?: string;
}

export class TrashItemDto implements TrashItemRequest {
  @OneOfTextField(TRASH_KIND_NAMES)
  kind: TrashKind;

  @IdField()
  id: number;
}
