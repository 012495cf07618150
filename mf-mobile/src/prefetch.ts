import { CASE_CLASSES, matchSiteRoute } from '@site/shared-types';
import type { PageHead } from '@site/shared-types';
import { publicApi, queryData, type Prefetch } from '@site/platform';

/** Fixed page titles of the mobile routes that have no item of their own. */
export const ROUTE_TITLES: Record<string, string | null> = {
  meindex: null,
  fwxm: '服务项目',
  mecase: '客户案例',
  mezhy: '关于我们',
  meabout: '在线留言',
  meus: '联系我们',
};

export const MISSING: PageHead = { title: '页面不存在', status: 404 };

/** `?tab=` of the case list: the customer-case tab shown (1–5), default the first (spec: tabs shareable by URL). */
export function caseTabOf(search: string): number {
  const value = Number(new URLSearchParams(search).get('tab'));
  return CASE_CLASSES.some((entry) => entry.id === value) ? value : CASE_CLASSES[0].id;
}

/** The mobile routes' data (spec §2 "Mobile routes"), through the shared API client. */
export const prefetch: Prefetch = async ({ path, search, store }) => {
  const { endpoints } = publicApi;
  const options = { subscribe: false } as const;
  const header = queryData(store.dispatch(endpoints.header.initiate(undefined, options)));
  const match = matchSiteRoute(path);
  const id = match?.id ?? 0;
  let head: PageHead = match ? { title: ROUTE_TITLES[match.route.name] ?? null } : MISSING;
  switch (match?.route.name) {
    case 'meindex':
    case 'fwxm':
      await queryData(store.dispatch(endpoints.home.initiate(undefined, options)));
      break;
    case 'mecase':
      await queryData(store.dispatch(endpoints.webcaseTab.initiate({ menu: caseTabOf(search) }, options)));
      break;
    case 'mezhy':
      await queryData(store.dispatch(endpoints.about.initiate(undefined, options)));
      break;
    case 'meabout':
      await queryData(store.dispatch(endpoints.contact.initiate(undefined, options)));
      break;
    case 'meus':
      await Promise.all([
        queryData(store.dispatch(endpoints.contact.initiate(undefined, options))),
        queryData(store.dispatch(endpoints.about.initiate(undefined, options))),
      ]);
      break;
    case 'meitems': {
      const items = await queryData(store.dispatch(endpoints.items.initiate({ menu: id }, options)));
      head = items ? { title: items.menu.title, description: items.menu.intro } : MISSING;
      break;
    }
    case 'medetails': {
      const item = await queryData(store.dispatch(endpoints.caseDetail.initiate({ case: id }, options)));
      head = item ? { title: item.name, description: item.intro || undefined, image: item.img || undefined } : MISSING;
      break;
    }
    case 'menews': {
      const item = await queryData(store.dispatch(endpoints.newsDetail.initiate({ case: id, state: 0 }, options)));
      head = item ? { title: item.title, description: item.intro || undefined, image: item.img || undefined } : MISSING;
      break;
    }
  }
  await header;
  return head;
};
