import type { RevisionItemRequest, RevisionKind, RevisionRequest } from '@site/shared-types';
import { IdField, IntField, OneOfTextField } from '../../../core/validation.js';

export const REVISION_KIND_NAMES: readonly RevisionKind[] = [
  'case',
  'news',
  'header',
  'footer',
  'home',
  'about',
  'contact',
];

export class RevisionItemDto implements RevisionItemRequest {
  @OneOfTextField(REVISION_KIND_NAMES, { description: 'a case, an article, or one of the five site blocks' })
  kind: RevisionKind;

  @IdField({ optional: true, description: "the case's or article's id (not for a site block)" })
  id?: number;
}

export class RevisionDto extends RevisionItemDto implements RevisionRequest {
  @IntField(1, 2_147_483_647, { description: 'the revision number' })
  number: number;
}
