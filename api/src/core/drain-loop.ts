import { isDatabaseUnavailable } from './database-errors.js';
import { reportUnlessStopping } from './server-stopping.js';

/**
 * The timing of a background worker that empties a durable queue in PostgreSQL (Baidu's link push, the leads'
 * notifications): one run at a time; a run answers how long to wait before the next, never longer than `idleMs`
 * (other processes queue rows too); `kick()` asks for a run now, and a kick during a run makes another run follow
 * it at once. A run that throws is retried after `troubleMs` and reported as `{what} run failed: …` through
 * `report`, unless it is the database going away because the server is stopping.
 */
export class DrainLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private halted = false;

  constructor(
    private readonly drain: () => Promise<number>,
    private readonly options: { idleMs: number; troubleMs: number; what: string; report: (line: string) => void },
  ) {}

  /** The loop was stopped: a run under way should finish or give its rows back. */
  get stopped(): boolean {
    return this.halted;
  }

  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** No further run starts; answers when the run under way (if any) has ended. */
  stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.running ?? Promise.resolve();
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.start(), Math.max(0, Math.min(delayMs, this.options.idleMs)));
    this.timer.unref();
  }

  private start(): void {
    this.timer = null;
    if (this.halted || this.running) return;
    this.again = false;
    this.running = this.drain()
      .catch((error: unknown) => {
        reportUnlessStopping(error, () => {
          const why = isDatabaseUnavailable(error) ? 'database unavailable' : String(error);
          this.options.report(`${this.options.what} run failed: ${why}`);
        });
        return this.options.troubleMs;
      })
      .then((delay) => {
        this.running = null;
        if (!this.halted) this.schedule(this.again ? 0 : delay);
      });
  }
}
