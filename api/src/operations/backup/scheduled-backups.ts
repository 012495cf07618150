import path from 'node:path';
import pg from 'pg';
import { AUDIT_ACTOR } from '../../core/audit/audit-actions.js';
import { insertAuditWith } from '../../core/audit/audit.queries.js';
import { archiveName, createBackup, pruneScheduled, type SiteData } from './backup.js';

/** The advisory lock's first key: "YFBK". The second is the slot's minute since 1970, so each slot has its own. */
const LOCK_SPACE = 0x5946424b;
/**
 * How long after its slot the instance that made an archive keeps the slot's lock: instances sharing the
 * database whose clocks agree within this never make two archives of one slot (a later one finds it taken).
 */
export const SLOT_HOLD_MS = 2 * 60_000;

export interface ScheduledBackupOptions extends SiteData {
  dir: string;
  keep: number;
  /** Time for `SLOT_HOLD_MS` (tests hold for less). */
  holdMs?: number;
}

export type SlotOutcome = { made: string; pruned: string[] } | { skipped: 'another instance has this slot' };

/**
 * One scheduled backup (`BACKUP_CRON`): the instance that takes the slot's PostgreSQL advisory lock makes the
 * archive in `dir` and deletes the scheduled archives beyond the newest `keep`; every other instance on the same
 * database skips the slot.
 */
export class ScheduledBackups {
  private readonly holding = new Set<{ client: pg.Client; timer: NodeJS.Timeout }>();

  constructor(private readonly options: ScheduledBackupOptions) {}

  async runSlot(slot: Date): Promise<SlotOutcome> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: 'yunfan-site-backup',
    });
    client.on('error', () => undefined);
    await client.connect();
    let kept = false;
    try {
      const minute = Math.floor(slot.getTime() / 60_000);
      const taken = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        LOCK_SPACE,
        minute,
      ]);
      if (!taken.rows[0]!.ok) return { skipped: 'another instance has this slot' };
      const file = path.join(this.options.dir, archiveName(slot, true));
      await createBackup(this.options, file, slot);
      await insertAuditWith(client, {
        action: 'backup',
        actorId: null,
        actor: AUDIT_ACTOR.schedule,
        ip: '',
        title: path.basename(file),
      });
      const pruned = await pruneScheduled(this.options.dir, this.options.keep);
      this.hold(client, slot);
      kept = true;
      return { made: file, pruned };
    } finally {
      if (!kept) await client.end();
    }
  }

  /** Keeps the slot's lock (its session) open until `holdMs` after the slot. */
  private hold(client: pg.Client, slot: Date): void {
    const left = slot.getTime() + (this.options.holdMs ?? SLOT_HOLD_MS) - Date.now();
    const entry = {
      client,
      timer: setTimeout(
        () => {
          this.holding.delete(entry);
          void client.end();
        },
        Math.max(0, left),
      ),
    };
    entry.timer.unref();
    this.holding.add(entry);
  }

  /** Gives the held locks back at once (the server stops). */
  async close(): Promise<void> {
    const entries = [...this.holding];
    this.holding.clear();
    for (const entry of entries) clearTimeout(entry.timer);
    await Promise.all(entries.map((entry) => entry.client.end().catch(() => undefined)));
  }
}
