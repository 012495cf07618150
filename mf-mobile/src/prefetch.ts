import { matchSiteRoute } from '@site/shared-types';
import { publicApi, queryData, type PageHead, type Prefetch } from '@site/platform';

/** Fixed page titles of the mobile routes that have no item of their own. */
export const ROUTE_TITLES: Record<string, string | null> = {
  meindex: null,
  fwxm: '服务项目',
  mecase: '客户案例',
  mezhy: '关于我们',
  meabout: '在线留言',
  meus: '联系我们',
};

/** `?tab=` of the case list (the case class shown), default 1 (spec §2: tabs shareable by URL). */
export function caseTabOf(search: string): number {
  const value = Number(new URLSearchParams(search).get('tab'));
  return Number.isInteger(value) && value > 0 ? value : 1;
}

/** The mobile routes' data (spec §2 "Mobile routes"), through the shared API client (see the desktop's). */
export const prefetch: Prefetch = async ({ path, search, store }) => {
  const { endpoints } = publicApi;
  const match = matchSiteRoute(path);
  const id = match?.id ?? 0;
  const missing: PageHead = { title: '页面不存在' };
  if (!match) return missing;
  const head: PageHead = { title: ROUTE_TITLES[match.route.name] ?? null };
  switch (match.route.name) {
    case 'meindex':
    case 'fwxm':
      await queryData(store.dispatch(endpoints.home.initiate(undefined, { subscribe: false })));
      return head;
    case 'mecase':
      await queryData(store.dispatch(endpoints.webcaseTab.initiate({ menu: caseTabOf(search) }, { subscribe: false })));
      await queryData(store.dispatch(endpoints.webcase.initiate(undefined, { subscribe: false })));
      return head;
    case 'mezhy':
      await queryData(store.dispatch(endpoints.about.initiate(undefined, { subscribe: false })));
      return head;
    case 'meabout':
    case 'meus':
      await queryData(store.dispatch(endpoints.contact.initiate(undefined, { subscribe: false })));
      return head;
    case 'meitems': {
      const items = await queryData(store.dispatch(endpoints.items.initiate({ menu: id }, { subscribe: false })));
      return items ? { title: items.menu.title } : missing;
    }
    case 'medetails': {
      const item = await queryData(store.dispatch(endpoints.caseDetail.initiate({ case: id }, { subscribe: false })));
      return item ? { title: item.name, description: item.intro || undefined, image: item.img || undefined } : missing;
    }
    case 'menews': {
      const item = await queryData(store.dispatch(endpoints.newsDetail.initiate({ case: id }, { subscribe: false })));
      return item ? { title: item.title, description: item.intro || undefined, image: item.img || undefined } : missing;
    }
    default:
      return head;
  }
};
