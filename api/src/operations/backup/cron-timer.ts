import { nextCronTime, type CronSchedule } from '../../config/cron.js';

/** The time and timers a `CronTimer` runs on: the real ones, or a test's. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/**
 * The longest single wait: the timer wakes at least this often and looks at the clock again, so a far slot
 * (Node's timers stop at 24.8 days) and a clock set forward or back are both handled.
 */
export const MAX_WAIT_MS = 3600_000;

/**
 * Calls `fire(slot)` at each minute the schedule names. A run still under way when the next slot comes makes
 * that slot wait for it; slots missed while the process was not running (or asleep) are not made up: the next
 * firing is the first slot after the clock's present.
 */
export class CronTimer {
  private handle: unknown = null;
  private slot: number | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly schedule: CronSchedule,
    private readonly fire: (slot: Date) => Promise<void>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The slot the timer waits for, or `null` when stopped. */
  get next(): Date | null {
    return this.slot === null ? null : new Date(this.slot);
  }

  start(): void {
    this.stopped = false;
    this.arm(nextCronTime(this.schedule, new Date(this.clock.now())).getTime());
  }

  /** No further firing; waits for a run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
    this.slot = null;
    await this.running;
  }

  private arm(slot: number): void {
    this.slot = slot;
    const wait = Math.min(Math.max(0, slot - this.clock.now()), MAX_WAIT_MS);
    this.handle = this.clock.setTimeout(() => this.wake(), wait);
  }

  private wake(): void {
    this.handle = null;
    if (this.stopped || this.slot === null) return;
    const slot = this.slot;
    const now = this.clock.now();
    if (now < slot) {
      // Woken early (the hourly look, or the clock was set back): wait on, for the slot the clock now points at.
      this.arm(Math.min(slot, nextCronTime(this.schedule, new Date(now)).getTime()));
      return;
    }
    this.running = this.fire(new Date(slot))
      .catch(() => undefined)
      .then(() => {
        this.running = null;
        if (!this.stopped) this.arm(nextCronTime(this.schedule, new Date(Math.max(this.clock.now(), slot))).getTime());
      });
  }
}
