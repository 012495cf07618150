import type { AuditListRequest } from '@site/shared-types';
import { DateField, IntField, PageField, TextField } from '../../validation.js';

const INT32_MAX = 2_147_483_647;

/** The audit trail's filters (`/api/auditlog`, `/api/exportauditlog`); each left out or empty: no filter. */
export class AuditListDto implements AuditListRequest {
  @PageField()
  page?: number;

  @IntField(0, INT32_MAX, { optional: true, description: "an account's id; 0: everybody" })
  actor?: number;

  @TextField(40, { optional: true, description: 'an operation code (`actions` of the answer)' })
  action?: string;

  @TextField(20, { optional: true, description: 'case, news, menu, header… (with item_id: one item)' })
  item_kind?: string;

  @IntField(0, INT32_MAX, { optional: true, description: "the item's id; 0: any" })
  item_id?: number;

  @DateField({ optional: true })
  from?: string;

  @DateField({ optional: true })
  to?: string;
}
