import { formatCreateTime, splitCreateTime } from './dates.js';

describe('splitCreateTime', () => {
  it('should split yyyy-MM-dd into day and year-month', () => {
    expect(splitCreateTime('2026-03-09')).toEqual({ year: '2026', month: '03', day: '09', yearMonth: '2026-03' });
  });

  it('should ignore a time part', () => {
    expect(splitCreateTime('2025-12-31 23:59:59').day).toBe('31');
    expect(splitCreateTime('2025-12-31T10:00:00Z').yearMonth).toBe('2025-12');
  });

  it('should not throw on a malformed value', () => {
    expect(splitCreateTime('')).toEqual({ year: '', month: '', day: '', yearMonth: '' });
    expect(splitCreateTime('2026')).toEqual({ year: '2026', month: '', day: '', yearMonth: '2026' });
  });
});

describe('formatCreateTime', () => {
  it('should format in the UTC+8 calendar', () => {
    expect(formatCreateTime(new Date('2026-11-20T16:30:00Z'))).toBe('2026-11-21');
    expect(formatCreateTime(new Date('2026-11-20T15:59:59Z'))).toBe('2026-11-20');
  });
});
