import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction } from './audit-actions.js';

/** What a record says of the item an operation touched. */
export interface AuditItem {
  itemKind?: string;
  itemId?: number | null;
  title?: string;
  /** The revision the write made (`revision` is keyed kind + item id + number). */
  revision?: number | null;
}

/** One record, as written to `audit_log`. */
export interface AuditEntry extends AuditItem {
  action: AuditAction;
  /** The account, when one acted (a failed sign-in names none: the e-mail typed is looked up). */
  actorId: number | null;
  /** The account's e-mail at the time, the e-mail typed, or 命令行 / 计划任务 / 构建 / 系统. */
  actor: string;
  ip: string;
  detail?: Record<string, unknown> | null;
}

/**
 * The record an operation under way will write (docs/behaviour.md#audit-trail): opened by `AuditInterceptor` for a
 * call declared `@Audited()`, written inside the first transaction of the call that commits (`AuditRecorder`), or
 * after the call when it wrote without one; closed when the call ends, so nothing later writes it.
 */
export interface PendingAudit {
  entry: AuditEntry;
  /** The transaction's runner whose commit carries the record, between its INSERT and its COMMIT. */
  writing: object | null;
  written: boolean;
  closed: boolean;
}

const storage = new AsyncLocalStorage<PendingAudit>();

/** Runs `work` with `pending` as the record its writes carry. */
export function runAudited<T>(pending: PendingAudit, work: () => T): T {
  return storage.run(pending, work);
}

/** A new pending record. */
export function pendingAudit(entry: AuditEntry): PendingAudit {
  return { entry, writing: null, written: false, closed: false };
}

/** The current operation's record, in whatever state. */
export function currentAudit(): PendingAudit | undefined {
  return storage.getStore();
}

/** The record the current operation will still write, if any. */
export function openAudit(): PendingAudit | undefined {
  const pending = storage.getStore();
  return pending && !pending.closed && !pending.written && !pending.writing ? pending : undefined;
}

/**
 * Tells the current operation's record what it touched (an item saved: its id, title and the revision made). Called
 * inside the write's transaction, before it commits; outside an audited call it does nothing.
 */
export function auditNote(item: AuditItem): void {
  const pending = openAudit();
  if (pending) Object.assign(pending.entry, withoutUndefined(item));
}

/**
 * Names who acted in a call nobody was signed in for (an invitation accepted: the account it made). Called inside
 * the write's transaction, like `auditNote`.
 */
export function auditActor(actorId: number, actor: string): void {
  const pending = openAudit();
  if (pending) Object.assign(pending.entry, { actorId, actor });
}

/**
 * Runs `work` outside the current operation's record: its transactions do not carry it. For bookkeeping that
 * commits before the operation itself (the sign-in attempt counted by the rate limiter).
 */
export function outsideAudit<T>(work: () => T): T {
  return storage.exit(work);
}

/** The title a saved case, article or menu keeps in its form (`name` or `title`). */
export function documentTitle(document: object): string {
  const { title, name } = document as { title?: unknown; name?: unknown };
  return typeof title === 'string' ? title : typeof name === 'string' ? name : '';
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
