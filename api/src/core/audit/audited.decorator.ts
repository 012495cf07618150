import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { AuditAction } from './audit-actions.js';
import type { AuditItem } from './audit-context.js';

export const AUDIT = 'audit';

/** What an `@Audited()` call records: its operation, and the item its request body names, if any. */
export interface AuditDeclaration {
  action: AuditAction;
  itemOf?: (body: never) => AuditItem;
}

/**
 * The call changes something (or exports data) and the audit trail records each time it succeeds, in the same
 * transaction as the change (docs/behaviour.md#audit-trail). `itemOf` reads the item from the request body (an id
 * to delete); a service may add more with `auditNote()`. The OpenAPI document names the operation as `x-audit`.
 */
export const Audited = <Body>(action: AuditAction, itemOf?: (body: Body) => AuditItem) =>
  applyDecorators(SetMetadata(AUDIT, { action, itemOf }), ApiExtension('x-audit', action));

/** The call only reads: nothing to record. Every admin call is either `@Audited()` or this (`x-audit: false`). */
export const NotAudited = () => applyDecorators(SetMetadata(AUDIT, null), ApiExtension('x-audit', false));

/** `itemOf` for a body `{ id }` naming an item of `kind`. */
export const bodyItem =
  (itemKind: string) =>
  (body: { id?: number }): AuditItem => ({ itemKind, itemId: body.id || null });
