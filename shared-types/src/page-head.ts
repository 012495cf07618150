import { CASE_CLASSES, DEFAULT_META, DEFAULT_WEBCASE_ID } from './constants.js';
import type { CaseDetail } from './domain/cases.js';
import type { KeywordRecord } from './domain/keywords.js';
import type { SeoFields } from './seo.js';
import type { SsrHead } from './ssr.js';
import type { DesktopRouteName, MobileRouteName } from './site-routes.js';

/**
 * Page titles and heads (docs/behaviour.md#page-titles-and-head): one home for the server render, the
 * browser's document title and the server's own fallback when a page is not rendered on the server.
 */

/** The site's meta from the keyword records (`title`, `keywords`, `description`), defaults where one is missing. */
export interface SiteMeta {
  title: string;
  keywords: string;
  description: string;
}

export function siteMetaFrom(records: readonly KeywordRecord[]): SiteMeta {
  const record = (name: string) => records.find((entry) => entry.keywords === name)?.content.trim();
  return {
    title: record('title') || DEFAULT_META.title,
    keywords: record('keywords') || DEFAULT_META.keywords,
    description: record('description') || DEFAULT_META.description,
  };
}

/** The company name: the site title up to its first separator ("云帆科技 - 深圳网站建设…" → "云帆科技"). */
export function siteName(siteTitle: string): string {
  return siteTitle.split(/\s*[-_|–—]\s*/)[0]?.trim() || siteTitle;
}

/** The document title of a page: `页面 - 公司名`, or the site title when the page has no title of its own. */
export function pageTitle(title: string | null | undefined, siteTitle: string): string {
  return title ? `${title} - ${siteName(siteTitle)}` : siteTitle;
}

/** What a route says of its page, computed from the data it loaded. */
export interface PageHead {
  /** The page's own title (`案例名`), composed with the company name; `null`: the site title. */
  title: string | null;
  /** The whole document title as written (an item's SEO title): replaces `title - 公司名`, no company name added. */
  fullTitle?: string;
  /** Replaces the site description (an item's SEO description, or its intro). */
  description?: string;
  /** Replaces the site keywords (an item's SEO keywords). */
  keywords?: string;
  /** A picture for link cards (WeChat, Open Graph), absolute or site-relative. */
  image?: string;
  /** 404 when the address names nothing (an unknown route, or an id with no item). */
  status?: 200 | 404;
}

export const NOT_FOUND_HEAD: PageHead = { title: '页面不存在', status: 404 };

/** Fixed titles of the routes that have no item of their own (`null`: the site title). */
export const ROUTE_TITLES: Partial<Record<DesktopRouteName | MobileRouteName, string | null>> = {
  index: null,
  about: '关于我们',
  itemnews: '新闻资讯',
  search: '搜索结果',
  meindex: null,
  fwxm: '服务项目',
  mecase: '客户案例',
  mezhy: '关于我们',
  meabout: '在线留言',
  meus: '联系我们',
};

/** The desktop service pages' fixed titles (menus 3 to 6). */
export const SERVICE_TITLES: Readonly<Record<number, string>> = {
  3: '网站建设',
  4: '新媒体营销',
  5: '软件开发',
  6: '品牌设计',
};

/** A customer-case tab's title; 101, the route's default, is the customer-case page as a whole. */
export function webcaseTitle(id: number): string {
  const tab = CASE_CLASSES.find((entry) => entry.id === id);
  return id === DEFAULT_WEBCASE_ID || !tab ? '客户案例' : `${tab.name}案例`;
}

/** Whether `/webcase/{id}.html` names a page: 101 or one of the five tabs. */
export function webcaseExists(id: number): boolean {
  return id === DEFAULT_WEBCASE_ID || CASE_CLASSES.some((entry) => entry.id === id);
}

/** What an item's page head is made of; the SEO fields may be absent (an answer from before they existed). */
export type HeadItem = { title: string; intro: string; img: string } & Partial<SeoFields>;

/**
 * The head of a case's or an article's page, or not-found when there is no such item: its SEO fields where they are
 * set (the title as written, the keywords, the description), else its title (composed with the company name), its
 * intro and the site's keywords.
 */
export function itemHead(item: HeadItem | undefined | null): PageHead {
  if (!item) return NOT_FOUND_HEAD;
  const head: PageHead = { title: item.title };
  const fullTitle = item.seo_title?.trim();
  if (fullTitle) head.fullTitle = fullTitle;
  const description = item.seo_description?.trim() || item.intro;
  if (description) head.description = description;
  const keywords = item.seo_keywords?.trim();
  if (keywords) head.keywords = keywords;
  if (item.img) head.image = item.img;
  return head;
}

/** A case's page. */
export function caseHead(
  detail: (Pick<CaseDetail, 'name' | 'intro' | 'img'> & Partial<SeoFields>) | undefined | null,
): PageHead {
  return itemHead(detail && { ...detail, title: detail.name });
}

/** A service menu's page: its own title (or the fixed one the desktop gives menus 3 to 6) and its intro. */
export function serviceHead(menu: { title: string; intro: string } | undefined | null, fixedTitle?: string): PageHead {
  return menu ? { title: fixedTitle ?? menu.title, description: menu.intro } : NOT_FOUND_HEAD;
}

/** A customer-case tab's page, or not-found for an id that is neither 101 nor a tab. */
export function webcaseHead(id: number): PageHead {
  return webcaseExists(id) ? { title: webcaseTitle(id) } : NOT_FOUND_HEAD;
}

/** The document title of a page's head: its full title when it has one, else `页面 - 公司名` (or the site title). */
export function headTitle(head: Pick<PageHead, 'title' | 'fullTitle'>, siteTitle: string): string {
  return head.fullTitle || pageTitle(head.title, siteTitle);
}

/** The document head of a page: its own head completed with the site's title, keywords and description. */
export function composeHead(head: PageHead, site: SiteMeta): SsrHead {
  return {
    status: head.status ?? 200,
    title: headTitle(head, site.title),
    name: head.title ?? null,
    description: head.description || site.description,
    keywords: head.keywords || site.keywords,
    image: head.image ?? null,
  };
}
