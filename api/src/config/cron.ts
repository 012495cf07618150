/**
 * A 5-field cron expression (`minute hour day-of-month month day-of-week`, as in crontab(5)), for `BACKUP_CRON`.
 * Each field is `*`, a number, a range `a-b`, a step `*\/n` or `a-b/n`, or a comma-separated list of these;
 * day-of-week 0 and 7 are Sunday. Names (`mon`, `jan`) and `@daily` shortcuts are not accepted: one spelling is
 * enough and every cron documentation shows it. Times are the server's local time.
 *
 * Written here rather than taken from a package: the whole need is "parse, then the next minute that matches",
 * and the scheduler's tests inject the clock, which a small pure function makes plain.
 */
export interface CronSchedule {
  /** The expression as given (for messages). */
  source: string;
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Day-of-month and day-of-week both restricted: a day matching either one fires (crontab(5)). */
  eitherDay: boolean;
}

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
] as const;

/** The expression is not a valid 5-field cron expression; the message says which part and why. */
export class CronError extends Error {}

/** Parses a 5-field cron expression; throws a `CronError` saying what is wrong. */
export function parseCron(source: string): CronSchedule {
  const parts = source.trim().split(/\s+/);
  if (parts.length !== 5) {
    throw new CronError(`must be 5 fields (minute hour day-of-month month day-of-week), e.g. "0 3 * * *"`);
  }
  const [minutes, hours, days, months, weekdays] = parts.map((part, i) => field(part, FIELDS[i]!)) as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (weekdays.delete(7)) weekdays.add(0);
  const schedule: CronSchedule = {
    source: source.trim(),
    minutes,
    hours,
    days,
    months,
    weekdays,
    eitherDay: parts[2] !== '*' && parts[4] !== '*',
  };
  // `0 0 31 2 *` (31 February) is well-formed but would never fire: refuse it with the other mistakes.
  try {
    nextCronTime(schedule, new Date(2000, 0, 1));
  } catch {
    throw new CronError('never fires (no date has that day of the month and month)');
  }
  return schedule;
}

function field(text: string, spec: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!match) throw new CronError(`has an invalid ${spec.name} field "${text}"`);
    const [, range, a, b, stepText] = match;
    const from = range === '*' ? spec.min : Number(a);
    const to = range === '*' ? spec.max : b !== undefined ? Number(b) : stepText ? spec.max : from;
    const step = stepText ? Number(stepText) : 1;
    if (from < spec.min || to > spec.max || from > to || step < 1) {
      throw new CronError(`has a ${spec.name} field "${text}" outside ${spec.min}-${spec.max}`);
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Whether the schedule fires at the (local) minute of `at`. */
export function cronMatches(schedule: CronSchedule, at: Date): boolean {
  if (!schedule.minutes.has(at.getMinutes()) || !schedule.hours.has(at.getHours())) return false;
  return schedule.months.has(at.getMonth() + 1) && dayMatches(schedule, at);
}

/** Eight years of minutes: every valid expression (even `0 0 29 2 1`, a Monday 29 February) fires within it. */
const HORIZON_MINUTES = 8 * 366 * 24 * 60;

/** The first minute strictly after `after` at which the schedule fires (seconds and milliseconds zero). */
export function nextCronTime(schedule: CronSchedule, after: Date): Date {
  const at = new Date(after.getTime());
  at.setSeconds(0, 0);
  for (let i = 0; i < HORIZON_MINUTES; i++) {
    at.setMinutes(at.getMinutes() + 1);
    // Whole hours and days that cannot match are skipped, so a yearly schedule is found in a few thousand steps.
    if (!schedule.months.has(at.getMonth() + 1) || !dayMatches(schedule, at)) {
      at.setHours(23, 59);
      continue;
    }
    if (!schedule.hours.has(at.getHours())) {
      at.setMinutes(59);
      continue;
    }
    if (schedule.minutes.has(at.getMinutes())) return at;
  }
  throw new CronError(`never fires ("${schedule.source}")`);
}

function dayMatches(schedule: CronSchedule, at: Date): boolean {
  const day = schedule.days.has(at.getDate());
  const weekday = schedule.weekdays.has(at.getDay());
  return schedule.eitherDay ? day || weekday : day && weekday;
}
