import { jest } from '@jest/globals';
import { CronError, CronTimer, parseCron, SCHEDULE_TIME_ZONE } from './cron.js';

/** A time in Beijing (the schedules' zone), as `yyyy-MM-dd HH:mm[:ss]`. */
const at = (text: string) => new Date(`${text.replace(' ', 'T')}${text.length > 16 ? '' : ':00'}+08:00`);
const beijing = (date: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'short' }).format(date);
const next = (expression: string, after: string) => beijing(parseCron(expression).next(at(after)));

describe('parseCron', () => {
  it('should read the 5 fields in Beijing time, whatever the server zone', () => {
    expect(SCHEDULE_TIME_ZONE).toBe('Asia/Shanghai');
    // 03:00 in Beijing is 19:00 UTC the day before, on a server in any zone (this machine's is its own).
    expect(parseCron('0 3 * * *').next(new Date('2026-03-09T18:59:00Z'))).toEqual(new Date('2026-03-09T19:00:00Z'));
    expect(parseCron('0 3 * * *').next(new Date('2026-03-09T19:00:00Z'))).toEqual(new Date('2026-03-10T19:00:00Z'));
  });

  it('should answer the first slot strictly after the given time', () => {
    expect(next('0 3 * * *', '2026-03-10 03:00')).toBe('2026-03-11 03:00');
    expect(next('0 3 * * *', '2026-03-10 02:59:59')).toBe('2026-03-10 03:00');
    expect(next('* * * * *', '2026-12-31 23:59')).toBe('2027-01-01 00:00');
    expect(next('*/20 9-10 * * *', '2026-03-10 10:45')).toBe('2026-03-11 09:00');
    expect(next('30 4 1 */3 *', '2026-02-15 00:00')).toBe('2026-04-01 04:30');
    expect(next('5/20 1-3,22 * * *', '2026-03-10 03:50')).toBe('2026-03-10 22:05');
    expect(next('0 12 29 2 *', '2026-03-01 00:00')).toBe('2028-02-29 12:00');
    expect(parseCron('  0 3 * * *  ').source).toBe('0 3 * * *');
  });

  it('should read month and weekday names, and 0 or 7 as Sunday', () => {
    // 2026-03-10 is a Tuesday; the 15th a Sunday.
    expect(next('0 9 * jan-mar mon-fri', '2026-03-31 12:00')).toBe('2027-01-01 09:00');
    expect(next('30 2 * * SUN', '2026-03-10 12:00')).toBe('2026-03-15 02:30');
    expect(next('30 2 * * 7', '2026-03-10 12:00')).toBe('2026-03-15 02:30');
    expect(next('30 2 * * 0', '2026-03-10 12:00')).toBe('2026-03-15 02:30');
    expect(next('0 0 1 Jul,DEC *', '2026-03-10 12:00')).toBe('2026-07-01 00:00');
  });

  it('should read the shortcuts', () => {
    expect(next('@hourly', '2026-03-10 12:30')).toBe('2026-03-10 13:00');
    expect(next('@daily', '2026-03-10 12:30')).toBe('2026-03-11 00:00');
    expect(next('@midnight', '2026-03-10 12:30')).toBe('2026-03-11 00:00');
    expect(next('@weekly', '2026-03-10 12:30')).toBe('2026-03-15 00:00');
    expect(next('@monthly', '2026-03-10 12:30')).toBe('2026-04-01 00:00');
    expect(next('@yearly', '2026-03-10 12:30')).toBe('2027-01-01 00:00');
    expect(next('@annually', '2026-03-10 12:30')).toBe('2027-01-01 00:00');
    expect(next(' @DAILY ', '2026-03-10 12:30')).toBe('2026-03-11 00:00');
  });

  it('should fire on either the day of the month or the weekday when both are restricted, as cron does', () => {
    expect(next('0 0 15 * 5', '2026-03-10 12:00')).toBe('2026-03-13 00:00');
    expect(next('0 0 15 * fri', '2026-03-13 00:00')).toBe('2026-03-15 00:00');
    expect(next('0 0 * * 0', '2026-03-10 12:00')).toBe('2026-03-15 00:00');
  });

  it('should answer the latest slot at or before a time', () => {
    const schedule = parseCron('0 3 * * *');
    expect(schedule.latest(at('2026-03-10 03:00'))).toEqual(at('2026-03-10 03:00'));
    expect(schedule.latest(new Date(at('2026-03-10 03:00').getTime() + 1234))).toEqual(at('2026-03-10 03:00'));
    expect(schedule.latest(at('2026-03-10 02:59:59'))).toEqual(at('2026-03-09 03:00'));
  });

  it.each([
    ['', /must be 5 fields \(minute hour day-of-month month day-of-week\), e\.g\. "0 3 \* \* \*", or one of @yearly/],
    ['0 3 * *', /must be 5 fields/],
    ['0 3 * * * *', /must be 5 fields/],
    ['0 0 3 * * * 2026', /must be 5 fields/],
    ['60 3 * * *', /^has an invalid minute field "60" \(0-59; lists, ranges a-b, steps \*\/n or a-b\/n\)$/],
    ['0 24 * * *', /invalid hour field "24" \(0-23;/],
    ['0 3 0 * *', /invalid day of month field "0" \(1-31;/],
    ['0 3 32 * *', /invalid day of month field "32"/],
    ['0 3 * 13 *', /invalid month field "13" \(1-12 or jan-dec;/],
    ['0 3 * * 8', /invalid day of week field "8" \(0-7 or sun-sat, 0 and 7 being Sunday;/],
    ['0 5-3 * * *', /invalid hour field "5-3"/],
    ['*/0 * * * *', /invalid minute field "\*\/0"/],
    ['0 3 * * someday', /invalid day of week field "someday"/],
    ['0 3 * jna *', /invalid month field "jna"/],
    ['@daily 3', /^is not one of @yearly, @monthly, @weekly, @daily, @hourly$/],
    ['@sometimes', /^is not one of @yearly, @monthly, @weekly, @daily, @hourly$/],
    ['@reboot', /is not one of/],
    ['0 0 31 2 *', /^never fires/],
    ['0 0 30 feb *', /^never fires/],
  ])('should refuse %j, saying why', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(message);
  });
});

describe('CronTimer', () => {
  const minute = 60_000;
  afterEach(() => jest.useRealTimers());

  it('should fire at each slot with the slot time, and not after stop', async () => {
    jest.useFakeTimers({ now: at('2026-03-10 02:58:30') });
    const fired: string[] = [];
    const timer = new CronTimer(parseCron('* 3 * * *'), async (slot) => void fired.push(beijing(slot)));
    expect(timer.next).toBeNull();
    timer.start();
    expect(timer.next).toEqual(at('2026-03-10 03:00'));
    await jest.advanceTimersByTimeAsync(90_000 - 1);
    expect(fired).toEqual([]);
    await jest.advanceTimersByTimeAsync(2 * minute + 1);
    expect(fired).toEqual(['2026-03-10 03:00', '2026-03-10 03:01', '2026-03-10 03:02']);
    expect(timer.next).toEqual(at('2026-03-10 03:03'));
    await timer.stop();
    expect(timer.next).toBeNull();
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(10 * minute);
    expect(fired).toHaveLength(3);
  });

  it('should skip a slot that comes while a run is under way, and let stop wait for the run', async () => {
    jest.useFakeTimers({ now: at('2026-03-10 02:59:30') });
    const fired: string[] = [];
    const finish: Array<() => void> = [];
    const timer = new CronTimer(parseCron('* * * * *'), async (slot) => {
      fired.push(beijing(slot));
      await new Promise<void>((resolve) => finish.push(resolve));
    });
    timer.start();
    await jest.advanceTimersByTimeAsync(2 * minute);
    expect(fired).toEqual(['2026-03-10 03:00']);
    finish[0]!();
    await jest.advanceTimersByTimeAsync(minute);
    expect(fired).toEqual(['2026-03-10 03:00', '2026-03-10 03:02']);
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(5 * minute);
    expect(stopped).toBe(false);
    finish[1]!();
    await stopping;
    expect(fired).toHaveLength(2);
  });

  it('should not make up slots missed while asleep, and follow a clock set back', async () => {
    jest.useFakeTimers({ now: at('2026-03-10 02:58') });
    const fired: string[] = [];
    const timer = new CronTimer(parseCron('0 3 * * *'), async (slot) => void fired.push(beijing(slot)));
    timer.start();
    await jest.advanceTimersByTimeAsync(3 * minute);
    expect(fired).toEqual(['2026-03-10 03:00']);
    // Asleep for three days (no timer ran): on waking, one run, for the latest slot passed, then the next to come.
    jest.setSystemTime(at('2026-03-13 12:00'));
    await jest.advanceTimersByTimeAsync(minute);
    expect(fired).toEqual(['2026-03-10 03:00', '2026-03-13 03:00']);
    expect(timer.next).toEqual(at('2026-03-14 03:00'));
    // The clock set back a day: the next slot is the first after the new present, and nothing runs meanwhile.
    jest.setSystemTime(at('2026-03-12 12:00'));
    await jest.advanceTimersByTimeAsync(minute);
    expect(timer.next).toEqual(at('2026-03-13 03:00'));
    expect(fired).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(15 * 60 * minute);
    expect(fired).toEqual(['2026-03-10 03:00', '2026-03-13 03:00', '2026-03-13 03:00']);
    await timer.stop();
  });

  it('should go on with the schedule after a failed run', async () => {
    jest.useFakeTimers({ now: at('2026-03-10 02:59:30') });
    let runs = 0;
    const timer = new CronTimer(parseCron('* * * * *'), async () => {
      runs++;
      throw new Error('disk full');
    });
    timer.start();
    await jest.advanceTimersByTimeAsync(3 * minute);
    expect(runs).toBe(3);
    await timer.stop();
  });
});
