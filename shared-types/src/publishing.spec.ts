import { beijingIso, parseIsoWithOffset } from './publishing.js';

describe('beijingIso', () => {
  it('should write a moment in Beijing time with its offset', () => {
    expect(beijingIso(new Date('2026-11-30T17:30:05.250Z'))).toBe('2026-12-01T01:30:05+08:00');
  });
});

describe('parseIsoWithOffset', () => {
  it.each([
    ['2026-12-01T09:00:00+08:00', '2026-12-01T01:00:00.000Z'],
    ['2026-12-01T09:00+08:00', '2026-12-01T01:00:00.000Z'],
    ['2026-12-01T01:00:00Z', '2026-12-01T01:00:00.000Z'],
    ['2026-12-01T01:00:00.5-05:00', '2026-12-01T06:00:00.500Z'],
    // The calendar day is checked in the offset's own time: 23:30 on the 28th of February, UTC+8.
    ['2027-02-28T23:30:00+08:00', '2027-02-28T15:30:00.000Z'],
  ])('should read %s', (text, iso) => {
    expect(parseIsoWithOffset(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '2026-12-01T09:00:00',
    '2026-12-01 09:00:00+08:00',
    '2026-12-01',
    '2026-02-30T09:00:00+08:00',
    '2026-13-01T09:00:00+08:00',
    '2026-12-01T25:00:00+08:00',
    'tomorrow',
    '',
  ])('should refuse %j', (text) => {
    expect(parseIsoWithOffset(text)).toBeNull();
  });
});
