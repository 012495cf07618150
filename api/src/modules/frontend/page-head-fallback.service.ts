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
  type PageHead,
  type RouteMatch,
} from '@site/shared-types';
import { ApiException } from '../../core/api.exception.js';
import { CasesService } from '../cases/cases.service.js';
import { NewsService } from '../news/news.service.js';

/** A domain read's answer, or `undefined` when it refuses (the item does not exist). */
async function found<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiException) return undefined;
    throw error;
  }
}

/**
 * The head and status of a page the server does not render (server rendering off, or a render that failed):
 * whether the address names something, and the item's head, from the same domain services the API answers
 * with. A rendered page takes both from its route module instead (docs/architecture.md "Render path").
 */
@Injectable()
export class PageHeadFallback {
  constructor(
    private readonly cases: CasesService,
    private readonly news: NewsService,
  ) {}

  async head(match: RouteMatch | null): Promise<PageHead> {
    if (!match) return NOT_FOUND_HEAD;
    const id = match.id ?? 0;
    switch (match.route.name) {
      case 'details':
      case 'medetails':
        return caseHead(await found(this.cases.detail(id, DEFAULT_CASEMENU)));
      case 'news':
      case 'menews':
        return itemHead(await found(this.news.detail(id)));
      case 'items':
        return serviceHead((await found(this.cases.items(id)))?.menu, SERVICE_TITLES[id]);
      case 'meitems':
        return serviceHead((await found(this.cases.items(id)))?.menu);
      case 'webcase':
        return webcaseHead(id);
      default:
        return { title: ROUTE_TITLES[match.route.name as keyof typeof ROUTE_TITLES] ?? null };
    }
  }
}
