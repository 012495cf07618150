import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  type TransactionCommitEvent,
  type TransactionRollbackEvent,
} from 'typeorm';
import type { AuditAction } from './audit-actions.js';
import {
  currentAudit,
  openAudit,
  pendingAudit,
  runAudited,
  type AuditEntry,
  type PendingAudit,
} from './audit-context.js';
import { insertAudit } from './audit.queries.js';

/** The runner's nesting (1: the outermost transaction), which TypeORM keeps but does not type as public. */
function depth(runner: unknown): number {
  return (runner as { transactionDepth?: number }).transactionDepth ?? 0;
}

/**
 * Writes the audit trail's records (docs/behaviour.md#audit-trail) in the transaction of the change they record:
 * as a TypeORM subscriber it adds the pending record of the call under way (`AuditInterceptor`) to the first of the
 * call's transactions that commits, just before its COMMIT, so the record and the change are one: a write that
 * fails or rolls back leaves no record. A call that wrote without a transaction gets its record right after.
 */
@Injectable()
export class AuditRecorder implements EntitySubscriberInterface {
  private readonly logger = new Logger('AuditTrail');

  constructor(@InjectDataSource() private readonly db: DataSource) {
    db.subscribers.push(this);
  }

  /** The pending record goes into the outermost transaction about to commit (not a savepoint's release). */
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    if (depth(event.queryRunner) !== 1) return;
    const pending = openAudit();
    if (!pending) return;
    pending.writing = event.queryRunner;
    await insertAudit(event.manager, pending.entry);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    this.settle(event.queryRunner, true);
  }

  /** A COMMIT that failed rolls the record back with the change: a retry of the write carries it again. */
  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.settle(event.queryRunner, false);
  }

  /**
   * Writes a record now, in the transaction `manager` belongs to (or alone with the pool). Inside an audited call
   * the call's record is written, completed by `entry` (who acted stays the call's account); outside one (a command,
   * a timer) `entry` is the record. Release switches record themselves this way, whoever makes them.
   */
  async append(manager: EntityManager | DataSource, entry: AuditEntry): Promise<void> {
    const pending = openAudit();
    if (!pending) {
      await insertAudit(manager, entry);
      return;
    }
    const { actorId, actor, ip, ...what } = entry;
    Object.assign(pending.entry, what);
    // A call without an account (accepting an invitation) takes the one the service names.
    if (!pending.entry.actor) Object.assign(pending.entry, { actorId, actor, ip: pending.entry.ip || ip });
    const runner = manager instanceof DataSource ? null : manager.queryRunner;
    if (runner?.isTransactionActive) {
      pending.writing = runner;
      await insertAudit(manager, pending.entry);
    } else {
      await insertAudit(manager, pending.entry);
      pending.written = true;
    }
  }

  /** After a call that succeeded: its record, if no transaction carried it. */
  async finish(pending: PendingAudit): Promise<void> {
    if (!pending.written && !pending.writing && !pending.closed) {
      pending.written = true;
      await insertAudit(this.db, pending.entry);
    }
    pending.closed = true;
  }

  /**
   * A sign-in attempt with its record: a success is recorded in the transaction that makes the session; a refusal,
   * which changes nothing to share a transaction with, in a statement of its own, as `refusal` names it (a
   * failure, a lockout, or `null`: not a sign-in failure, nothing recorded). `email` is what was typed.
   */
  async signIn<T>(
    email: string,
    ip: string,
    attempt: () => Promise<T>,
    refusal: (error: unknown) => AuditAction | null,
  ): Promise<T> {
    const pending = pendingAudit({ action: 'login', actorId: null, actor: email, ip });
    try {
      const signedIn = await runAudited(pending, attempt);
      await this.finish(pending);
      return signedIn;
    } catch (error) {
      pending.closed = true;
      const action = refusal(error);
      if (action) {
        await insertAudit(this.db, { action, actorId: null, actor: email, ip }).catch((failed: unknown) =>
          this.logger.error(
            `Sign-in refusal not recorded: ${failed instanceof Error ? failed.message : String(failed)}`,
          ),
        );
      }
      throw error;
    } finally {
      pending.closed = true;
    }
  }

  /** Once the outermost transaction has ended: its record is written, or rolled back with it. */
  private settle(runner: unknown, committed: boolean): void {
    if (depth(runner) !== 0) return;
    // The pending record is the one of the async context the transaction ran in.
    const pending = currentAudit();
    if (!pending || pending.writing !== runner) return;
    pending.writing = null;
    if (committed) pending.written = true;
  }
}
