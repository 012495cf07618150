import type { ContactData, RouteMatch } from '@site/shared-types';

/**
 * Structured data (schema.org JSON-LD) of a page, in the server's HTML (docs/behaviour.md#structured-data): who
 * the site is (`Organization`, `WebSite` with its search), where the page sits (`BreadcrumbList`) and, on a detail
 * page, what it is (`Article` for news, `CreativeWork` for a case).
 */

/** One step of a page's breadcrumb trail: a name and a site path. */
export interface Crumb {
  name: string;
  path: string;
}

/** A detail page's item. */
export interface StructuredItem {
  kind: 'article' | 'case';
  name: string;
  description: string;
  image: string | null;
  /** `yyyy-MM-dd`, a Beijing date. */
  published: string;
}

export interface StructuredInput {
  origin: string;
  path: string;
  siteName: string;
  logo: string | null;
  contact: Pick<ContactData, 'company' | 'address' | 'phones' | 'email'>;
  /** From the home page down to this page; empty on a home page. */
  crumbs: Crumb[];
  item: StructuredItem | null;
}

/** The desktop search's address with the term left as a template (`WebSite` → `SearchAction`). */
const SEARCH_PATH = '/items/search.html?keyword={search_term_string}';

/**
 * JSON that can sit inside `<script>`: `<`, `>` and `&` are written as `\u003c`… so no text (an article titled
 * `</script><script>…`) can end the element or open a comment; U+2028/2029 are escaped for old parsers. The
 * result is still the same JSON.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A `yyyy-MM-dd` Beijing date as an ISO 8601 date-time at midnight, China time. */
const beijingDate = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00+08:00` : date);

/** The `@graph` of a page. */
export function structuredGraph(input: StructuredInput): Record<string, unknown> {
  const absolute = (href: string) => (/^https?:\/\//.test(href) ? href : input.origin + href);
  const home = absolute('/');
  const organization = `${home}#organization`;
  const graph: Record<string, unknown>[] = [
    {
      '@type': 'Organization',
      '@id': organization,
      name: input.siteName,
      ...(input.contact.company && input.contact.company !== input.siteName
        ? { legalName: input.contact.company }
        : {}),
      url: home,
      ...(input.logo ? { logo: absolute(input.logo) } : {}),
      ...(input.contact.email ? { email: input.contact.email } : {}),
      ...(input.contact.address
        ? { address: { '@type': 'PostalAddress', streetAddress: input.contact.address, addressCountry: 'CN' } }
        : {}),
      contactPoint: input.contact.phones.map((telephone) => ({
        '@type': 'ContactPoint',
        telephone,
        contactType: 'customer service',
        areaServed: 'CN',
        availableLanguage: 'zh-CN',
      })),
    },
    {
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: input.siteName,
      url: home,
      inLanguage: 'zh-CN',
      publisher: { '@id': organization },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: absolute(SEARCH_PATH) },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
  if (input.crumbs.length > 0) {
    graph.push({
      '@type': 'BreadcrumbList',
      itemListElement: input.crumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.name,
        item: absolute(crumb.path),
      })),
    });
  }
  const item = input.item;
  if (item) {
    const page = absolute(input.path);
    graph.push({
      '@type': item.kind === 'article' ? 'Article' : 'CreativeWork',
      '@id': `${page}#${item.kind}`,
      [item.kind === 'article' ? 'headline' : 'name']: item.name,
      ...(item.description ? { description: item.description } : {}),
      ...(item.image ? { image: [absolute(item.image)] } : {}),
      datePublished: beijingDate(item.published),
      inLanguage: 'zh-CN',
      mainEntityOfPage: page,
      [item.kind === 'article' ? 'author' : 'creator']: { '@id': organization },
      publisher: { '@id': organization },
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** The page's `<script type="application/ld+json">`. */
export function structuredDataTag(input: StructuredInput): string {
  return `<script type="application/ld+json">${scriptSafeJson(structuredGraph(input))}</script>`;
}

/** Whether a route is a detail page of a case or an article. */
export function itemKindOf(match: RouteMatch | null): StructuredItem['kind'] | null {
  const name = match?.route.name;
  if (name === 'news' || name === 'menews') return 'article';
  if (name === 'details' || name === 'medetails') return 'case';
  return null;
}
