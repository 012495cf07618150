import { CASE_NAME_MAX } from './constants.js';

export const ELLIPSIS = '...';

/** Cuts a case name after `max` characters (spec §9: 30) and marks the cut with an ellipsis. Counts code points. */
export function truncateName(name: string, max: number = CASE_NAME_MAX): string {
  const chars = Array.from(name);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : name;
}
