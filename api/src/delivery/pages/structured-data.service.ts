import { Injectable } from '@nestjs/common';
import {
  DEFAULT_WEBCASE_ID,
  type CaseDetail,
  type ContactData,
  type HeaderData,
  type NewsDetail,
  type RouteMatch,
} from '@site/shared-types';
import { naming, type PageReads } from '../reads/page-reads.js';
import { itemKindOf, structuredDataTag, type Crumb, type StructuredItem } from './structured-data.js';

/** The section a page sits in, between the home page and the page itself. */
const SECTIONS: Partial<Record<string, Crumb>> = {
  details: { name: '客户案例', path: `/webcase/${DEFAULT_WEBCASE_ID}.html` },
  medetails: { name: '客户案例', path: '/move/case.html' },
  news: { name: '新闻资讯', path: '/itemnews.html' },
};

/**
 * Gathers a page's structured data (docs/behaviour.md#structured-data) from the page's own public reads: the
 * header's logo and the contact block for the organisation, the page's name for its breadcrumb, the item its
 * route module read on a detail page. What the render already read is not read again.
 */
@Injectable()
export class StructuredData {
  /** The `<script type="application/ld+json">` of a page that exists; `pageName`: its head's own name. */
  async tag(
    match: RouteMatch,
    path: string,
    origin: string,
    siteName: string,
    pageName: string | null,
    reads: PageReads,
  ): Promise<string> {
    const [header, contact, item] = await Promise.all([
      reads.data<HeaderData>({ path: '/api/header', method: 'GET' }),
      reads.data<ContactData>({ path: '/api/contact', method: 'GET' }),
      this.item(match, reads),
    ]);
    return structuredDataTag({
      origin,
      path,
      siteName,
      logo: header?.logo.url || null,
      contact: contact ?? { company: '', address: '', phones: [], email: '' },
      crumbs: this.crumbs(match, path, item?.name ?? pageName),
      item,
    });
  }

  private crumbs(match: RouteMatch, path: string, own: string | null): Crumb[] {
    const name = match.route.name;
    if (name === 'index' || name === 'meindex') return [];
    if (!own) return [];
    const section =
      name === 'webcase' && match.id !== DEFAULT_WEBCASE_ID
        ? { name: '客户案例', path: `/webcase/${DEFAULT_WEBCASE_ID}.html` }
        : SECTIONS[name];
    const home = { name: '首页', path: match.route.face === 'mobile' ? '/move/index.html' : '/' };
    return [home, ...(section ? [section] : []), { name: own, path }];
  }

  private async item(match: RouteMatch, reads: PageReads): Promise<StructuredItem | null> {
    const kind = itemKindOf(match);
    const id = match.id ?? 0;
    // The item as the page's route module read it (the render, or the head alone, ran it first).
    const detail =
      kind === 'article'
        ? await reads
            .made<NewsDetail>('/api/itemnewscut', naming('case', id))
            .then((news) => news && { ...news, name: news.title })
        : kind === 'case'
          ? await reads.made<CaseDetail>('/api/details', naming('case', id))
          : undefined;
    if (!kind || !detail) return null;
    return {
      kind,
      name: detail.name,
      description: detail.intro,
      image: detail.img || null,
      published: detail.create_time,
    };
  }
}
