import { ITEM_STATUSES, type ItemStatus, type PublishingInput } from '@site/shared-types';
import { OneOfTextField, TextField } from '../../core/validation.js';

/** The state fields of the case and article forms (docs/behaviour.md#drafts-and-scheduled-publishing). */
export class PublishingFormDto implements PublishingInput {
  @OneOfTextField(ITEM_STATUSES, { optional: true, description: 'absent: published' })
  status?: ItemStatus;

  @TextField(40, {
    optional: true,
    nullable: true,
    description: 'ISO 8601 with an offset (2026-12-01T09:00:00+08:00); required for scheduled, ignored otherwise',
  })
  publish_at?: string | null;
}

/** The state filter of the case and article lists. */
export class PublishingListDto {
  @OneOfTextField(['', ...ITEM_STATUSES], { optional: true, description: "one state; '' or absent: all" })
  status?: ItemStatus | '';
}
