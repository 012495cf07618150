/**
 * A case's or an article's own search-engine fields (docs/behaviour.md#cases-and-articles, docs/decisions.md
 * "Search engines"): set in the back office, used by the page's head instead of the derived values.
 * An empty string means "not set".
 */
export interface SeoFields {
  /** The whole document title as written (no company name is added); '': `名称 - 公司名`. */
  seo_title: string;
  /** Comma-separated (`,`) keywords; '': the site's keywords. */
  seo_keywords: string;
  /** '': the item's intro (or the site's description when the intro is empty). */
  seo_description: string;
}

export const SEO_FIELD_NAMES = [
  'seo_title',
  'seo_keywords',
  'seo_description',
] as const satisfies readonly (keyof SeoFields)[];

/** The fields of an item that has none set. */
export const EMPTY_SEO: SeoFields = { seo_title: '', seo_keywords: '', seo_description: '' };

/** What the server stores at most (characters); longer is refused with code 2. */
export const SEO_MAX_LENGTH: Readonly<Record<keyof SeoFields, number>> = {
  seo_title: 80,
  seo_keywords: 200,
  seo_description: 300,
};

/**
 * What Baidu shows of a result on a PC (in widths of a Chinese character), and how many keywords it is worth
 * giving: the back office's hints, never a limit.
 */
export const SEO_RECOMMENDED = {
  titleWidth: 30,
  descriptionWidth: 78,
  keywords: { min: 3, max: 5 },
} as const;

/** A title or description as stored: every run of white space (line breaks too) one space, trimmed. */
export function normalizeSeoText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Separators an administrator may type between keywords: `,` and the full-width `，`, also `、`, `;` and `；`. */
const KEYWORD_SEPARATORS = /[,，、;；]/;

/** The keywords of a keyword text: each trimmed (inner spaces kept as one), empties and repeats (ignoring case) dropped. */
export function splitSeoKeywords(text: string): string[] {
  const seen = new Set<string>();
  const keywords: string[] = [];
  for (const part of text.split(KEYWORD_SEPARATORS)) {
    const keyword = normalizeSeoText(part);
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    keywords.push(keyword);
  }
  return keywords;
}

/** A keyword text as stored: its keywords joined with `,` ("深圳网站建设，小程序, ,小程序" → "深圳网站建设,小程序"). */
export function normalizeSeoKeywords(text: string): string {
  return splitSeoKeywords(text).join(',');
}

/**
 * How wide a text is in Chinese characters, as a search result shows it: a Chinese character or another full-width
 * one counts 1, a Latin letter, digit, space or half-width punctuation ½ (rounded up).
 */
export function seoTextWidth(text: string): number {
  let halves = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    halves += code <= 0xff || (code >= 0xff61 && code <= 0xff9f) ? 1 : 2;
  }
  return Math.ceil(halves / 2);
}

/** The search-engine files (docs/behaviour.md#search-engines), answered by the server before the page route. */
export const SEO_FILES = {
  robots: '/robots.txt',
  index: '/sitemap.xml',
  desktop: '/sitemap-desktop.xml',
  mobile: '/sitemap-mobile.xml',
} as const;

export const SEO_FILE_PATHS: ReadonlySet<string> = new Set(Object.values(SEO_FILES));

/**
 * A sitemap's further files, on a site with more pages than one file holds: `/sitemap-desktop-2.xml`,
 * `/sitemap-mobile-3.xml`… (the first is `/sitemap-desktop.xml` or `/sitemap-mobile.xml`).
 */
export const SITEMAP_PART_PATH = /^\/sitemap-(desktop|mobile)-([2-9]|[1-9][0-9]{1,3})\.xml$/;

/** Whether `path` is one of the search-engine files: robots.txt, the sitemap index or a file of a sitemap. */
export function isSeoFilePath(path: string): boolean {
  return SEO_FILE_PATHS.has(path) || SITEMAP_PART_PATH.test(path);
}
