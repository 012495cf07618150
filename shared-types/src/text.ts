import { CASE_NAME_MAX } from './constants.js';

export const ELLIPSIS = '...';

/**
 * Cuts a case name after `max` characters (docs/behaviour.md#constants: 30) and marks the cut with an ellipsis. Counts
 * code points.
 */
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

const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>])/gi;

/**
 * Fits the headings of a rich-text body under the page's own heading of level `under` (the detail pages' `h1`):
 * the body's top headings become one level below it and every sub-heading one level below its parent, so the
 * page's outline never skips a level (WCAG 1.3.1; the HTML checker reports skips). Editors insert `h3` for
 * "标题 2" whatever comes before it. Expects sanitized HTML, where headings do not nest.
 */
export function fitHeadings(html: string, under = 1): string {
  // The open sections: each heading's level as written and as fitted.
  const outline: { written: number; fitted: number }[] = [];
  let fitted = 0;
  return html.replace(HEADING_TAG, (_tag, closing: string, level: string) => {
    if (!closing) {
      const written = Number(level);
      while (outline.length > 0 && outline[outline.length - 1]!.written >= written) outline.pop();
      fitted = Math.min((outline[outline.length - 1]?.fitted ?? under) + 1, 6);
      outline.push({ written, fitted });
    }
    return `<${closing}h${fitted || level}`;
  });
}
