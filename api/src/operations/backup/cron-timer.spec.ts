import { parseCron } from '../../config/cron.js';
import { CronTimer, MAX_WAIT_MS, type Clock } from './cron-timer.js';

/** A clock the test moves: timers fire when `advance` passes their time. */
class FakeClock implements Clock {
  private timers: Array<{ at: number; run: () => void; id: number }> = [];
  private ids = 0;
  constructor(public time: number) {}
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = ++this.ids;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };
  get pending() {
    return this.timers.length;
  }
  /** Moves the clock to `to`, firing each timer due on the way (and letting the runs they start finish). */
  async advance(to: number): Promise<void> {
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.run();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    this.time = to;
  }
}

const minute = 60_000;
const start = new Date(2026, 2, 10, 2, 58, 30).getTime();

describe('CronTimer', () => {
  it('should fire at each slot of the schedule with the slot time, and wait for nothing after stop', async () => {
    const clock = new FakeClock(start);
    const fired: string[] = [];
    const timer = new CronTimer(
      parseCron('*/1 3 * * *'),
      async (slot) => void fired.push(slot.toTimeString().slice(0, 5)),
      clock,
    );
    timer.start();
    expect(timer.next).toEqual(new Date(2026, 2, 10, 3, 0));
    await clock.advance(start + 90_000 - 1);
    expect(fired).toEqual([]);
    await clock.advance(start + 90_000 + 2 * minute);
    expect(fired).toEqual(['03:00', '03:01', '03:02']);
    await timer.stop();
    expect(timer.next).toBeNull();
    expect(clock.pending).toBe(0);
    await clock.advance(start + 10 * minute);
    expect(fired).toHaveLength(3);
  });

  it('should look at the clock at least hourly for a far slot, and not make up slots missed while asleep', async () => {
    const clock = new FakeClock(start);
    const fired: Date[] = [];
    const timer = new CronTimer(parseCron('0 3 * * *'), async (slot) => void fired.push(slot), clock);
    timer.start();
    await clock.advance(start + 2 * minute);
    expect(fired).toEqual([new Date(2026, 2, 10, 3, 0)]);
    // The next slot is a day away: the timer wakes every hour on the way.
    await clock.advance(start + 2 * minute + MAX_WAIT_MS);
    expect(timer.next).toEqual(new Date(2026, 2, 11, 3, 0));
    // Asleep for three days (no timer ran): one firing, for the slot the timer waited for, then the next to come.
    clock.time += 3 * 24 * 3600_000;
    await clock.advance(clock.time);
    expect(fired).toHaveLength(2);
    expect(timer.next).toEqual(new Date(2026, 2, 14, 3, 0));
    await timer.stop();
  });

  it('should go on with the schedule after a failed run', async () => {
    const clock = new FakeClock(start);
    let runs = 0;
    const timer = new CronTimer(
      parseCron('* * * * *'),
      async () => {
        runs++;
        throw new Error('disk full');
      },
      clock,
    );
    timer.start();
    await clock.advance(start + 3 * minute);
    expect(runs).toBe(3);
    await timer.stop();
  });
});
