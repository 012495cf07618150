import { counterpartPath, escapeHtml, type RouteMatch, type SsrHead } from '@site/shared-types';

export interface HeadInput {
  head: SsrHead;
  /** The company name, for `og:site_name`. */
  siteName: string;
  /** The origin absolute links are made with (`PUBLIC_URL`, or the request's). */
  origin: string;
  /** The page's path, and the route it matched (`null`: not-found). */
  path: string;
  /** The page's query (only a mobile case tab's canonical reads it). */
  search?: string;
  match: RouteMatch | null;
}

/**
 * The head of a page from its head data (docs/behaviour.md#page-titles-and-head): title, keywords and
 * description; for a page that exists, the canonical link (a mobile page's is its desktop counterpart), the
 * desktop page's mobile alternate, Open Graph and the microdata names WeChat's link cards read; a missing page
 * is not indexed.
 */
export function headTags({ head, siteName, origin, path, search = '', match }: HeadInput): string[] {
  const absolute = (href: string) => (/^https?:\/\//.test(href) ? href : origin + href);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="keywords" content="${escapeHtml(head.keywords)}" />`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.status !== 200) {
    tags.push('<meta name="robots" content="noindex" />');
    return tags;
  }
  const face = match?.route.face;
  const counterpart = counterpartPath(path, search);
  // Separate mobile URLs: the desktop page is canonical and names its mobile version; the mobile page points
  // back to it (pages only one face has are their own canonical). The mobile home is its own: a canonical
  // from a deeper address to the site's root reads as "every page is the home page" to crawlers and Lighthouse,
  // and the home's mobile version is named by the desktop home's alternate link and the mobile sitemap.
  const canonical = face === 'mobile' && counterpart && counterpart !== '/' ? counterpart : path;
  tags.push(`<link rel="canonical" href="${escapeHtml(absolute(canonical))}" />`);
  if (face === 'desktop' && counterpart) {
    tags.push(
      `<link rel="alternate" media="only screen and (max-width: 640px)" href="${escapeHtml(absolute(counterpart))}" />`,
      `<meta name="mobile-agent" content="format=html5;url=${escapeHtml(absolute(counterpart))}" />`,
    );
  }
  if (face === 'desktop' || face === 'mobile') {
    tags.push(`<meta name="applicable-device" content="${face === 'desktop' ? 'pc' : 'mobile'}" />`);
  }
  const type = match && /^(me)?(details|news)$/.test(match.route.name) ? 'article' : 'website';
  tags.push(
    `<meta property="og:type" content="${type}" />`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(absolute(path))}" />`,
    // WeChat's link cards read the schema.org microdata names; the shell's template makes the page their
    // item (`itemscope` on `<html>`).
    `<meta itemprop="name" content="${escapeHtml(head.title)}" />`,
    `<meta itemprop="description" content="${escapeHtml(head.description)}" />`,
  );
  if (head.image) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(absolute(head.image))}" />`,
      `<meta itemprop="image" content="${escapeHtml(absolute(head.image))}" />`,
    );
  }
  return tags;
}
