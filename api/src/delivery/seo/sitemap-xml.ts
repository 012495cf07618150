/**
 * The XML of robots.txt's sitemaps (https://www.sitemaps.org/protocol.html), with Baidu's mobile annotation
 * (https://ziyuan.baidu.com: 移动Sitemap协议). Pure functions: the service gives them absolute addresses.
 */

export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const BAIDU_MOBILE_NS = 'http://www.baidu.com/schemas/sitemap-mobile/1/';

export interface SitemapEntry {
  /** Absolute address. */
  loc: string;
  lastmod: Date | null;
}

/** Characters XML 1.0 does not allow at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text or an attribute value made safe for XML: the five special characters escaped, forbidden ones dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** A W3C datetime at second precision in Beijing time, e.g. `2026-03-01T09:30:00+08:00`. */
export function w3cDateTime(date: Date): string {
  const beijing = new Date(date.getTime() + 8 * 3600_000);
  return `${beijing.toISOString().slice(0, 19)}+08:00`;
}

/** The newest of some dates (`null` when none is known). */
export function newest(...dates: Array<Date | null | undefined>): Date | null {
  let found: Date | null = null;
  for (const date of dates) if (date && (!found || date > found)) found = date;
  return found;
}

const lastmod = (date: Date | null) => (date ? `<lastmod>${w3cDateTime(date)}</lastmod>` : '');

/** The most addresses one sitemap file lists (sitemaps.org and Baidu alike). */
export const SITEMAP_MAX_URLS = 50_000;
/** The largest a sitemap file may be (Baidu's limit; sitemaps.org allows 50 MB). */
export const SITEMAP_MAX_BYTES = 10 * 1024 * 1024;
/** Longer than the path of any page a sitemap lists (`/move/details/2147483647.html` is 29 characters). */
const LONGEST_PATH = 40;

/** The start of a `<urlset>`, up to its first `<url>`. */
export function urlsetStart(options: { mobile: boolean }): string {
  const namespaces = `xmlns="${SITEMAP_NS}"${options.mobile ? ` xmlns:mobile="${BAIDU_MOBILE_NS}"` : ''}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n`;
}

export const URLSET_END = '</urlset>\n';

/**
 * One `<url>` of a `<urlset>`. On the mobile sitemap it carries `<mobile:mobile type="mobile"/>`, after
 * `<lastmod>`: the sitemap schema allows elements of other namespaces only at the end of `<url>`.
 */
export function urlElement(entry: SitemapEntry, options: { mobile: boolean }): string {
  const annotation = options.mobile ? '<mobile:mobile type="mobile"/>' : '';
  return `  <url><loc>${escapeXml(entry.loc)}</loc>${lastmod(entry.lastmod)}${annotation}</url>\n`;
}

/** A whole `<urlset>` (a file written piece by piece is `urlsetStart`, `urlElement`s, `URLSET_END`). */
export function urlset(entries: readonly SitemapEntry[], options: { mobile: boolean }): string {
  return urlsetStart(options) + entries.map((entry) => urlElement(entry, options)).join('') + URLSET_END;
}

/**
 * How many addresses on `origin` one sitemap file holds: at most `most`, and few enough that the file stays within
 * `SITEMAP_MAX_BYTES` even if every address were the longest there can be (a long origin makes the files shorter).
 */
export function urlsPerSitemap(origin: string, most = SITEMAP_MAX_URLS): number {
  const longest = { loc: `${origin}/${'x'.repeat(LONGEST_PATH)}`, lastmod: new Date(0) };
  const worst = Buffer.byteLength(urlElement(longest, { mobile: true }));
  const room = SITEMAP_MAX_BYTES - Buffer.byteLength(urlsetStart({ mobile: true }) + URLSET_END);
  return Math.max(1, Math.min(most, Math.floor(room / worst)));
}

/** A `<sitemapindex>` naming the sitemaps. */
export function sitemapIndex(sitemaps: readonly SitemapEntry[]): string {
  const items = sitemaps.map(
    (entry) => `  <sitemap><loc>${escapeXml(entry.loc)}</loc>${lastmod(entry.lastmod)}</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('')}</sitemapindex>\n`;
}
