import { beijingDay, nextBeijingMidnight } from './beijing-day.js';

describe('Beijing days', () => {
  it('should start a day at 16:00 UTC', () => {
    expect(beijingDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(beijingDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
    expect(nextBeijingMidnight(new Date('2026-03-01T15:59:59Z')).toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(nextBeijingMidnight(new Date('2026-03-01T16:00:00Z')).toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(nextBeijingMidnight(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T16:00:00.000Z');
  });
});
