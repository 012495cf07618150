import { CronError, cronMatches, nextCronTime, parseCron } from './cron.js';

/** A local time (cron reads the server's local time), as `yyyy-MM-dd HH:mm`. */
const at = (text: string) => {
  const [date, time] = text.split(' ') as [string, string];
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new Date(y, mo - 1, d, h, mi);
};
const local = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')} ` +
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
const next = (expression: string, after: string) => local(nextCronTime(parseCron(expression), at(after)));

describe('parseCron', () => {
  it('should read numbers, ranges, steps and lists, with Sunday as 0 or 7', () => {
    const schedule = parseCron(' */15 1-3,22 * 1-12/6 7 ');
    expect([...schedule.minutes]).toEqual([0, 15, 30, 45]);
    expect([...schedule.hours]).toEqual([1, 2, 3, 22]);
    expect([...schedule.months]).toEqual([1, 7]);
    expect([...schedule.weekdays]).toEqual([0]);
    expect(schedule.days.size).toBe(31);
    expect(schedule.source).toBe('*/15 1-3,22 * 1-12/6 7');
    expect([...parseCron('5/20 * * * *').minutes]).toEqual([5, 25, 45]);
  });

  it.each([
    ['', /must be 5 fields/],
    ['0 3 * *', /must be 5 fields/],
    ['0 3 * * * *', /must be 5 fields/],
    ['60 3 * * *', /minute field "60" outside 0-59/],
    ['0 24 * * *', /hour field "24" outside 0-23/],
    ['0 3 0 * *', /day of month field "0" outside 1-31/],
    ['0 3 * 13 *', /month field "13" outside 1-12/],
    ['0 3 * * 8', /day of week field "8" outside 0-7/],
    ['0 5-3 * * *', /hour field "5-3"/],
    ['*/0 * * * *', /minute field/],
    ['0 3 * * mon', /invalid day of week field "mon"/],
    ['@daily', /must be 5 fields/],
    ['0 0 31 2 *', /never fires/],
  ])('should refuse %j', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(message);
  });
});

describe('nextCronTime', () => {
  it('should answer the first matching minute strictly after the given time', () => {
    expect(next('0 3 * * *', '2026-03-10 02:59')).toBe('2026-03-10 03:00');
    expect(next('0 3 * * *', '2026-03-10 03:00')).toBe('2026-03-11 03:00');
    expect(next('* * * * *', '2026-12-31 23:59')).toBe('2027-01-01 00:00');
    expect(next('*/20 9-10 * * *', '2026-03-10 10:45')).toBe('2026-03-11 09:00');
    expect(next('30 4 1 */3 *', '2026-02-15 00:00')).toBe('2026-04-01 04:30');
  });

  it('should fire on either the day of the month or the weekday when both are restricted, as cron does', () => {
    // 2026-03-10 is a Tuesday; the 15th a Sunday.
    expect(next('0 0 15 * 5', '2026-03-10 12:00')).toBe('2026-03-13 00:00');
    expect(next('0 0 15 * 5', '2026-03-13 00:00')).toBe('2026-03-15 00:00');
    expect(next('0 0 * * 0', '2026-03-10 12:00')).toBe('2026-03-15 00:00');
    expect(cronMatches(parseCron('0 0 15 * *'), at('2026-03-15 00:00'))).toBe(true);
    expect(cronMatches(parseCron('0 0 15 * *'), at('2026-03-15 00:01'))).toBe(false);
  });

  it('should find a rare slot (29 February) without scanning every minute for long', () => {
    const started = Date.now();
    expect(next('0 12 29 2 *', '2026-03-01 00:00')).toBe('2028-02-29 12:00');
    expect(Date.now() - started).toBeLessThan(500);
  });
});
