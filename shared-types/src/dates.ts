export interface CreateTimeParts {
  year: string;
  month: string;
  day: string;
  /** `yyyy-MM`, shown under the day. */
  yearMonth: string;
}

/**
 * Splits a `create_time` (`yyyy-MM-dd`, optionally followed by a time) on its hyphens
 * (docs/behaviour.md#content-model). The day is shown as the top part, year-month below it.
 */
export function splitCreateTime(createTime: string): CreateTimeParts {
  const [datePart = ''] = createTime.trim().split(/[ T]/);
  const [year = '', month = '', day = ''] = datePart.split('-');
  return { year, month, day, yearMonth: year && month ? `${year}-${month}` : year };
}

/** Formats a date as the wire's `yyyy-MM-dd`, in the calendar of UTC+8 (the site's audience). */
export function formatCreateTime(date: Date): string {
  const shifted = new Date(date.getTime() + 8 * 3600_000);
  return shifted.toISOString().slice(0, 10);
}
