import {
  escapeXml,
  newest,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  sitemapIndex,
  urlset,
  urlsPerSitemap,
  w3cDateTime,
} from './sitemap-xml.js';

describe('escapeXml', () => {
  it('should escape the five special characters and drop what XML forbids', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('x\u0000y\u001Fz\uFFFE')).toBe('xyz');
    expect(escapeXml('lone \uD800 surrogate, pair 😀')).toBe('lone  surrogate, pair 😀');
  });
});

describe('w3cDateTime', () => {
  it('should write Beijing time to the second', () => {
    expect(w3cDateTime(new Date('2026-03-01T17:30:05.678Z'))).toBe('2026-03-02T01:30:05+08:00');
  });
});

describe('newest', () => {
  it('should pick the latest known date', () => {
    const a = new Date(1000);
    const b = new Date(2000);
    expect(newest(a, null, b, undefined)).toBe(b);
    expect(newest(null, undefined)).toBeNull();
  });
});

describe('urlset and sitemapIndex', () => {
  it('should escape addresses and add the mobile annotation only on the mobile sitemap', () => {
    const entries = [{ loc: 'https://a.example.com/x?a=1&b=2', lastmod: null }];
    expect(urlset(entries, { mobile: false })).toContain('<url><loc>https://a.example.com/x?a=1&amp;b=2</loc></url>');
    const mobile = urlset(entries, { mobile: true });
    expect(mobile).toContain('xmlns:mobile="http://www.baidu.com/schemas/sitemap-mobile/1/"');
    expect(mobile).toContain('</loc><mobile:mobile type="mobile"/></url>');
    expect(sitemapIndex([{ loc: 'https://a.example.com/s.xml', lastmod: new Date(0) }])).toContain(
      '<sitemap><loc>https://a.example.com/s.xml</loc><lastmod>1970-01-01T08:00:00+08:00</lastmod></sitemap>',
    );
  });
});

describe('urlsPerSitemap', () => {
  it('should hold 50,000 addresses of a usual origin, fewer of a long one, never more than 10 MB', () => {
    expect(urlsPerSitemap('https://www.yunfan.example.com')).toBe(SITEMAP_MAX_URLS);
    expect(urlsPerSitemap('https://www.yunfan.example.com', 7)).toBe(7);
    const long = `https://${'a'.repeat(200)}.example.com`;
    const perFile = urlsPerSitemap(long);
    expect(perFile).toBeLessThan(SITEMAP_MAX_URLS);
    // A full file of the longest addresses a sitemap lists, each dated, is within the limit.
    const entries = (count: number) =>
      Array.from({ length: count }, () => ({ loc: `${long}/move/details/2147483647.html`, lastmod: new Date() }));
    expect(Buffer.byteLength(urlset(entries(perFile), { mobile: true }))).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
  });
});
