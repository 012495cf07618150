import { DrainLoop } from './drain-loop.js';

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DrainLoop', () => {
  it('should run once per kick, and once more when kicked during a run', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const loop = new DrainLoop(
      async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        return 60_000;
      },
      { idleMs: 60_000, troubleMs: 60_000, what: 'test', report: () => undefined },
    );
    loop.kick();
    await tick();
    loop.kick();
    loop.kick();
    expect(runs).toBe(1);
    release();
    await tick();
    expect(runs).toBe(2);
    await loop.stop();
  });

  it('should report a failed run with its kind and try again after the trouble delay', async () => {
    const lines: string[] = [];
    let runs = 0;
    const loop = new DrainLoop(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('boom');
        return 60_000;
      },
      { idleMs: 60_000, troubleMs: 10, what: 'delivery', report: (line) => lines.push(line) },
    );
    loop.kick();
    await tick(60);
    expect(lines).toEqual(['delivery run failed: Error: boom']);
    expect(runs).toBe(2);
    await loop.stop();
  });

  it('should start nothing once stopped', async () => {
    let runs = 0;
    const loop = new DrainLoop(async () => ++runs && 60_000, {
      idleMs: 60_000,
      troubleMs: 10,
      what: 'test',
      report: () => undefined,
    });
    await loop.stop();
    loop.kick();
    await tick();
    expect([runs, loop.stopped]).toEqual([0, true]);
  });
});
