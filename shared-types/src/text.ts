import { CASE_NAME_MAX } from './constants.js';

export const ELLIPSIS = '...';

/** Cuts a case name after `max` characters (spec §9: 30) and marks the cut with an ellipsis. Counts code points. */
export function truncateName(name: string, max: number = CASE_NAME_MAX): string {
  const chars = Array.from(name);
  return chars.length > max ? chars.slice(0, max).join('') + ELLIPSIS : name;
}

/** Mainland mobile, landline (with area code, optional extension) or 400/800 numbers; spaces and dashes allowed. */
export const PHONE_PATTERN =
  /^(\+?86[- ]?)?(1[3-9]\d{9}|0\d{2,3}[- ]?\d{7,8}([- ]?\d{1,6})?|[48]00[- ]?\d{3}[- ]?\d{4})$/;
/** A plausible e-mail address (the contact form's and the server's rule). */
export const EMAIL_PATTERN = /^[^\s@<>"']{1,64}@[^\s@<>"']+\.[^\s@<>"']{2,}$/;
/** A link or image address the site accepts: a path on this site (`/…`, not `//…`) or an absolute http(s) URL. */
export const SITE_OR_WEB_URL = /^(\/(?!\/)|https?:\/\/)[^\s"'<>`\\]*$/i;
