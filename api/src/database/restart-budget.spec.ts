import { RESTART_POLICY, RestartBudget } from './restart-budget.js';

describe('RestartBudget', () => {
  let now = 0;
  const clock = () => now;
  beforeEach(() => (now = 1_000_000));

  it('should wait longer between the attempts of one restart, then repeat the longest wait', () => {
    const budget = new RestartBudget({ delaysMs: [0, 250, 1000], maxFailures: 100, windowMs: 60_000 }, clock);
    expect([budget.failed(), budget.failed(), budget.failed(), budget.failed()]).toEqual([0, 250, 1000, 1000]);
  });

  it('should begin the next restart with the first wait once the cluster runs again', () => {
    const budget = new RestartBudget({ delaysMs: [0, 250, 1000], maxFailures: 100, windowMs: 60_000 }, clock);
    budget.failed();
    budget.failed();
    budget.started();
    expect(budget.failed()).toBe(0);
  });

  it('should give up at the tenth failure within a minute, starts and crashes alike, about 20 s after the first', () => {
    const budget = new RestartBudget(RESTART_POLICY, clock);
    const waits: Array<number | null> = [];
    for (let failure = 1; failure <= RESTART_POLICY.maxFailures; failure++) {
      const wait = budget.failed();
      waits.push(wait);
      now += (wait ?? 0) + 200;
    }
    expect(waits.slice(0, -1).every((wait) => wait !== null)).toBe(true);
    expect(waits.at(-1)).toBeNull();
    const trying = waits.slice(0, -1).reduce<number>((sum, wait) => sum + wait!, 0);
    expect(trying).toBeGreaterThanOrEqual(15_000);
    expect(trying).toBeLessThanOrEqual(30_000);
  });

  it('should never give up on failures spread wider than the window', () => {
    const budget = new RestartBudget({ delaysMs: [0], maxFailures: 3, windowMs: 60_000 }, clock);
    for (let crash = 0; crash < 50; crash++) {
      expect(budget.failed()).toBe(0);
      budget.started();
      now += 30_001;
    }
    expect(budget.recentFailures).toBe(2);
  });

  it('should give up on crashes that come faster, even when every start succeeds', () => {
    const budget = new RestartBudget({ delaysMs: [0], maxFailures: 3, windowMs: 60_000 }, clock);
    const outcomes: Array<number | null> = [];
    for (let crash = 0; crash < 3; crash++) {
      outcomes.push(budget.failed());
      budget.started();
      now += 20_000;
    }
    expect(outcomes).toEqual([0, 0, null]);
  });
});
