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

/**
 * A `<urlset>`. On the mobile sitemap every `<url>` carries `<mobile:mobile type="mobile"/>`, after `<lastmod>`:
 * the sitemap schema allows elements of other namespaces only at the end of `<url>`.
 */
export function urlset(entries: readonly SitemapEntry[], options: { mobile: boolean }): string {
  const namespaces = `xmlns="${SITEMAP_NS}"${options.mobile ? ` xmlns:mobile="${BAIDU_MOBILE_NS}"` : ''}`;
  const annotation = options.mobile ? '<mobile:mobile type="mobile"/>' : '';
  const urls = entries.map(
    (entry) => `  <url><loc>${escapeXml(entry.loc)}</loc>${lastmod(entry.lastmod)}${annotation}</url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls.join('')}</urlset>\n`;
}

/** A `<sitemapindex>` naming the sitemaps. */
export function sitemapIndex(sitemaps: readonly SitemapEntry[]): string {
  const items = sitemaps.map(
    (entry) => `  <sitemap><loc>${escapeXml(entry.loc)}</loc>${lastmod(entry.lastmod)}</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${items.join('')}</sitemapindex>\n`;
}
