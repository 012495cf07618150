import { Cron, type CronOptions } from 'croner';

/**
 * Cron schedules (`BACKUP_CRON`): read and checked here, with the configuration, and run by `CronTimer`. Both are
 * croner's: its parser (5 fields, `*`, numbers, ranges, steps, lists, month and weekday names, `@daily` and the
 * other shortcuts) and its timer. This module only fixes the options, turns croner's messages into ones that
 * name the field, and gives the runs their slot (docs/behaviour.md "Scheduled backups").
 */

/**
 * The zone every schedule is read in: the site's (Beijing time, as the back office shows times), whatever the
 * server's own zone is (a container's is UTC), so `0 3 * * *` is 03:00 in China on every server.
 */
export const SCHEDULE_TIME_ZONE = 'Asia/Shanghai';

const OPTIONS: CronOptions = {
  timezone: SCHEDULE_TIME_ZONE,
  // Minutes are the finest unit (no seconds or years field), as in crontab(5).
  mode: '5-part',
  // `5/20` (from 5, every 20) is read as `5-59/20`, as this server always read it.
  sloppyRanges: true,
};

const FIELDS = [
  { name: 'minute', values: '0-59' },
  { name: 'hour', values: '0-23' },
  { name: 'day of month', values: '1-31' },
  { name: 'month', values: '1-12 or jan-dec' },
  { name: 'day of week', values: '0-7 or sun-sat, 0 and 7 being Sunday' },
];

const SHORTCUTS = '@yearly, @monthly, @weekly, @daily, @hourly';

/** The expression is not a cron expression this module runs; the message says which part and why. */
export class CronError extends Error {}

/** A checked cron expression and when it fires, in `SCHEDULE_TIME_ZONE`. */
export interface CronSchedule {
  /** The expression as given, trimmed (for messages). */
  readonly source: string;
  /** The first slot strictly after `after`. */
  next(after: Date): Date;
  /** The last slot at or before `at`, or `null` before the first one. */
  latest(at: Date): Date | null;
}

/** Reads a cron expression; throws a `CronError` saying what is wrong. */
export function parseCron(expression: string): CronSchedule {
  const source = expression.trim();
  const fields = source.split(/\s+/);
  if (!source.startsWith('@') && fields.length !== 5) {
    throw new CronError(
      `must be 5 fields (minute hour day-of-month month day-of-week), e.g. "0 3 * * *", or one of ${SHORTCUTS}`,
    );
  }
  let cron: Cron;
  try {
    cron = new Cron(source, OPTIONS);
  } catch (error) {
    throw new CronError(explain(fields, error as Error));
  }
  const next = (after: Date): Date | null => cron.nextRun(after);
  // `0 0 31 2 *` (31 February) is well-formed but would never fire: refuse it with the other mistakes.
  if (next(new Date(Date.UTC(2000, 0, 1))) === null) {
    throw new CronError('never fires (no date has that day of the month and month)');
  }
  return {
    source,
    next: (after) => {
      const slot = next(after);
      if (slot === null) throw new CronError(`never fires after ${after.toISOString()} ("${source}")`);
      return slot;
    },
    latest: (at) => cron.previousRuns(1, new Date(at.getTime() + 1))[0] ?? null,
  };
}

/** Names the field croner refused (each one is tried alone), or passes its message on. */
function explain(fields: string[], error: Error): string {
  if (fields[0]!.startsWith('@')) return `is not one of ${SHORTCUTS}`;
  const index = fields.findIndex((field, i) => {
    try {
      new Cron(FIELDS.map((_, j) => (j === i ? field : '*')).join(' '), OPTIONS);
      return false;
    } catch {
      return true;
    }
  });
  if (index < 0) return `is not valid: ${error.message.replace(/^CronPattern: /, '')}`;
  const { name, values } = FIELDS[index]!;
  return `has an invalid ${name} field "${fields[index]}" (${values}; lists, ranges a-b, steps */n or a-b/n)`;
}

/**
 * Calls `fire(slot)` at each slot of the schedule, on croner's timer: it looks at the clock at least every 30
 * seconds, so a far slot and a clock set forward or back are both handled. A slot that comes while a run is still
 * under way is skipped; slots missed while the process was not running (or asleep) are not made up: on waking,
 * one run, for the latest slot passed, then the schedule goes on from the present.
 */
export class CronTimer {
  private job: Cron | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly schedule: CronSchedule,
    private readonly fire: (slot: Date) => Promise<void>,
  ) {}

  /** The slot the timer waits for, or `null` when stopped. */
  get next(): Date | null {
    return this.job?.nextRun() ?? null;
  }

  start(): void {
    if (this.job) return;
    // `protect`: no second run while one is under way; `unref`: a waiting timer does not keep the process up.
    this.job = new Cron(this.schedule.source, { ...OPTIONS, protect: true, unref: true }, () => this.run());
  }

  /** No further firing; waits for a run under way. */
  async stop(): Promise<void> {
    this.job?.stop();
    this.job = null;
    await this.running;
  }

  private run(): Promise<void> {
    const now = new Date();
    const run = this.fire(this.schedule.latest(now) ?? now)
      .catch(() => undefined)
      .finally(() => {
        if (this.running === run) this.running = null;
      });
    this.running = run;
    return run;
  }
}
