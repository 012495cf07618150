import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { DrainLoop } from '../drain-loop.js';
import type { Sql } from '../sql.js';
import {
  claimDue,
  claimOne,
  deleteDelivered,
  enqueue,
  insertLog,
  markFailed,
  nextDue,
  releaseClaim,
  retryLater,
  type NewOutboxRow,
  type OutboxKind,
  type OutboxRow,
  type RetryPolicy,
} from './outbox.queries.js';

/** What became of some of a claim's rows. `released`: all the claim's rows not settled otherwise go back as they were. */
export type Settlement =
  | { as: 'delivered'; ids: readonly number[] }
  | { as: 'retry'; ids: readonly number[]; error: string }
  | { as: 'failed'; ids: readonly number[]; error: string }
  | { as: 'released'; error?: string };

/**
 * A consumer's answer for the rows it was handed: what became of each, the entry its log keeps (none: nothing is
 * logged), work of its own recorded in the same transaction, and what the caller of a send by hand is told.
 */
export interface Delivery<R> {
  settle: readonly Settlement[];
  log?: object;
  inTransaction?: (manager: EntityManager) => Promise<unknown>;
  result: R;
}

/** What a consumer supplies: its kind, lanes and policy, and how it sends. */
export interface OutboxConsumer<P, R> {
  kind: OutboxKind;
  /** Claimed separately, each by its own loop: a lane that hangs holds only itself. */
  lanes: readonly string[];
  /** How long a claim lasts: longer than a send may take, so a row is claimed again only from a worker that died. */
  leaseMs: number;
  policy: RetryPolicy;
  /** How many rows the next claim in `lane` takes, or until when nothing is to be sent (default: one row). */
  batch?(lane: string): Promise<number | Date>;
  /**
   * Sends claimed rows and answers what came of it; never throws for the far end's failures. `signal` aborts when
   * the server stops: a consumer may end its send then (and release its rows) or let it run to its own timeout.
   */
  send(rows: ReadonlyArray<OutboxRow<P>>, lane: string, signal: AbortSignal): Promise<Delivery<R>>;
  /** Reports a failed run of `lane` (the database, a bug) for the server's log. */
  report(line: string, lane: string): void;
}

/** How often an idle lane looks for rows other processes queued. */
const IDLE_MS = 30_000;
/** The wait after the database failed. */
const TROUBLE_MS = 5_000;

/**
 * Delivers one kind of the durable outbox (docs/architecture.md "Outbox"), in every server process: each lane's
 * {@link DrainLoop} claims due rows with a lease (`FOR UPDATE SKIP LOCKED`), hands them to the consumer's `send`,
 * and records the answer in one transaction: delivered rows leave the outbox, failed ones are tried again with
 * exponential backoff until the consumer's policy gives them up. A process that dies mid-send leaves its rows to be
 * claimed again when the lease runs out, so a row is delivered at least once, and twice only then.
 */
export class OutboxWorker<P, R> {
  private readonly stopping = new AbortController();
  private readonly loops: Map<string, DrainLoop>;

  constructor(
    private readonly db: DataSource,
    private readonly consumer: OutboxConsumer<P, R>,
  ) {
    this.loops = new Map(
      consumer.lanes.map((lane) => [
        lane,
        new DrainLoop(() => this.drain(lane), {
          idleMs: IDLE_MS,
          troubleMs: TROUBLE_MS,
          what: lane ? `${consumer.kind} on ${lane}` : consumer.kind,
          report: (line) => consumer.report(line, lane),
        }),
      ]),
    );
  }

  /** Queues rows (in the caller's transaction, with the write they follow); see {@link enqueue}. */
  enqueue(db: Sql, rows: ReadonlyArray<NewOutboxRow<P>>, renew = false): Promise<Array<OutboxRow<P>>> {
    return enqueue(db, this.consumer.kind, rows, renew);
  }

  /** Rows were queued or made due: every lane looks now rather than at its next planned time. */
  kick(): void {
    for (const loop of this.loops.values()) loop.kick();
  }

  /** No new claim is made; the sends under way end (or are aborted, as the consumer chooses) and are recorded. */
  async stop(): Promise<void> {
    const done = Promise.all([...this.loops.values()].map((loop) => loop.stop()));
    this.stopping.abort();
    await done;
  }

  /** Claims one row to send by hand; `undefined` when a worker holds it (or it is gone). */
  async claimOne(id: number): Promise<{ row: OutboxRow<P>; claim: string } | undefined> {
    const claim = randomUUID();
    const row = await claimOne<P>(this.db, this.consumer.kind, id, claim, this.consumer.leaseMs);
    return row ? { row, claim } : undefined;
  }

  /**
   * Sends claimed rows and records the answer; answers the consumer's result. `send`: another way of the consumer's
   * to send them (by hand from the back office).
   */
  async deliver(
    rows: ReadonlyArray<OutboxRow<P>>,
    claim: string,
    send: OutboxConsumer<P, R>['send'] = (...args) => this.consumer.send(...args),
  ): Promise<R> {
    const delivery = await send(rows, rows[0]?.lane ?? '', this.stopping.signal);
    await this.db.transaction(async (manager) => {
      for (const settlement of delivery.settle) await this.apply(manager, claim, settlement);
      await delivery.inTransaction?.(manager);
      if (delivery.log) await insertLog(manager, this.consumer.kind, delivery.log);
    });
    return delivery.result;
  }

  private apply(manager: EntityManager, claim: string, settlement: Settlement): Promise<number> {
    switch (settlement.as) {
      case 'delivered':
        return deleteDelivered(manager, claim, settlement.ids);
      case 'retry':
        return retryLater(manager, claim, settlement.ids, settlement.error, this.consumer.policy);
      case 'failed':
        return markFailed(manager, claim, settlement.ids, settlement.error);
      case 'released':
        return releaseClaim(manager, claim, settlement.error ?? null);
    }
  }

  /** Sends `lane`'s rows batch after batch while any is due; answers how long to wait before looking again. */
  private async drain(lane: string): Promise<number> {
    const loop = this.loops.get(lane)!;
    const { kind, leaseMs } = this.consumer;
    for (;;) {
      if (loop.stopped) return IDLE_MS;
      const batch = (await this.consumer.batch?.(lane)) ?? 1;
      if (batch instanceof Date) return batch.getTime() - Date.now();
      const claim = randomUUID();
      const rows = await claimDue<P>(this.db, kind, lane, claim, batch, leaseMs);
      if (rows.length === 0) {
        const due = await nextDue(this.db, kind, lane);
        return due ? due.getTime() - Date.now() : IDLE_MS;
      }
      // Stopped while claiming: the rows go back untried.
      if (loop.stopped) {
        await releaseClaim(this.db, claim);
        return IDLE_MS;
      }
      await this.deliver(rows, claim);
    }
  }
}
