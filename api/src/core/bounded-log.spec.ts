import { BoundedLog } from './bounded-log.js';

describe('BoundedLog', () => {
  it('should write one line per kind per period, then say how many were left out', () => {
    const lines: string[] = [];
    let now = 0;
    const log = new BoundedLog(
      (line) => lines.push(line),
      10_000,
      () => now,
    );
    for (let i = 0; i < 500; i++) log.note('deep', `refused ${i}`);
    log.note('large', 'too large');
    expect(lines).toEqual(['refused 0', 'too large']);
    now = 10_000;
    log.note('deep', 'refused again');
    expect(lines[2]).toBe('refused again (499 more since the last report)');
    now = 20_000;
    log.note('deep', 'quiet period');
    expect(lines[3]).toBe('quiet period');
  });
});
