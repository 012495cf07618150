import { Injectable } from '@nestjs/common';
import {
  caseHead,
  DEFAULT_CASEMENU,
  itemHead,
  NOT_FOUND_HEAD,
  ROUTE_TITLES,
  SERVICE_TITLES,
  serviceHead,
  webcaseHead,
  type CaseDetail,
  type ItemsData,
  type NewsDetail,
  type PageHead,
  type RouteMatch,
} from '@site/shared-types';
import { naming, type PageReads } from '../reads/page-reads.js';

/**
 * The head and status of a page the server does not render (server rendering off, or a render that failed):
 * whether the address names something, and the item's head, from the same public reads the page's render makes
 * (a refusal: the item does not exist). A rendered page takes both from its route module instead
 * (docs/architecture.md "Render path").
 */
@Injectable()
export class PageHeadFallback {
  async head(match: RouteMatch | null, reads: PageReads): Promise<PageHead> {
    if (!match) return NOT_FOUND_HEAD;
    const id = match.id ?? 0;
    switch (match.route.name) {
      case 'details':
      case 'medetails':
        return caseHead(await caseDetail(reads, id));
      case 'news':
      case 'menews':
        return itemHead(await newsDetail(reads, id));
      case 'items':
        return serviceHead((await items(reads, id))?.menu, SERVICE_TITLES[id]);
      case 'meitems':
        return serviceHead((await items(reads, id))?.menu);
      case 'webcase':
        return webcaseHead(id);
      default:
        return { title: ROUTE_TITLES[match.route.name as keyof typeof ROUTE_TITLES] ?? null };
    }
  }
}

/** A case as its page reads it (any list it was opened from), or `undefined`. */
export const caseDetail = (reads: PageReads, id: number) =>
  reads.data<CaseDetail>(
    { path: '/api/details', method: 'POST', body: { case: id, casemenu: DEFAULT_CASEMENU } },
    naming('case', id),
  );

/** An article as its page reads it, or `undefined`. */
export const newsDetail = (reads: PageReads, id: number) =>
  reads.data<NewsDetail>(
    { path: '/api/itemnewscut', method: 'POST', body: { case: id, state: 0 } },
    naming('case', id),
  );

/** A service menu's page data, or `undefined`. */
const items = (reads: PageReads, id: number) =>
  reads.data<ItemsData>({ path: '/api/items', method: 'POST', body: { menu: id } }, naming('menu', id));
