/**
 * When the embedded PostgreSQL is started again after it stopped unexpectedly, and when the server gives up
 * (docs/decisions.md "Fault tolerance"): the attempts of one restart wait longer and longer, and a cluster that keeps
 * failing, to start or to stay up, is given up once too many failures fall within a minute.
 */
export interface RestartPolicy {
  /** The waits before the successive attempts of one restart; the last one repeats. */
  delaysMs: readonly number[];
  /** Failures (unexpected stops and failed starts) within `windowMs` that make the server give up. */
  maxFailures: number;
  windowMs: number;
}

/**
 * About 20 s of attempts for a cluster that cannot start at all: time enough for the processes of a killed server to
 * let go of its shared memory, even a backend busy with a long query, and ten crashes a minute end it too.
 */
export const RESTART_POLICY: RestartPolicy = {
  delaysMs: [0, 250, 500, 1000, 2000, 4000],
  maxFailures: 10,
  windowMs: 60_000,
};

export class RestartBudget {
  private failures: number[] = [];
  private attempt = 0;

  constructor(
    private readonly policy: RestartPolicy = RESTART_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  /** How many failures fall within the window now. */
  get recentFailures(): number {
    return this.failures.length;
  }

  /**
   * Records a failure (the cluster stopped unexpectedly, or a start did not succeed) and answers the wait before the
   * next attempt, or `null`: too many failures within the window, give up.
   */
  failed(): number | null {
    const now = this.now();
    this.failures = this.failures.filter((at) => now - at < this.policy.windowMs);
    this.failures.push(now);
    if (this.failures.length >= this.policy.maxFailures) return null;
    const { delaysMs } = this.policy;
    return delaysMs[Math.min(this.attempt++, delaysMs.length - 1)] ?? 0;
  }

  /** The cluster runs again: its next restart begins with the first wait (its failures still count for a minute). */
  started(): void {
    this.attempt = 0;
  }
}
