/** Baidu's daily quota is counted per day of Beijing time (UTC+8, no daylight saving). */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The Beijing calendar day of a moment, as `yyyy-MM-dd`. */
export function beijingDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The first moment of the next Beijing day (16:00 UTC). */
export function nextBeijingMidnight(at: Date): Date {
  const local = at.getTime() + OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - OFFSET_MS);
}
