import { DEFAULT_CASEMENU, DEFAULT_WEBCASE_ID, matchSiteRoute } from '@site/shared-types';
import { publicApi, queryData, type PageHead, type Prefetch } from '@site/platform';

/** Fixed page titles of the desktop routes that have no item of their own. */
export const ROUTE_TITLES: Record<string, string | null> = {
  index: null,
  about: '关于我们',
  itemnews: '新闻资讯',
  webcase: '客户案例',
};

const MISSING: PageHead = { title: '页面不存在' };

/** `?casemenu=` of a case detail address (spec §2: the list the case was opened from), default 2. */
export function casemenuOf(search: string): number {
  const value = Number(new URLSearchParams(search).get('casemenu'));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CASEMENU;
}

/**
 * The desktop routes' data (spec §2): the layout's header and footer, then each route's own call, through the
 * shared API client, so the first view renders on the server and the browser adopts the cache.
 */
export const prefetch: Prefetch = async ({ path, search, store }) => {
  const { endpoints } = publicApi;
  const layout = Promise.all([
    queryData(store.dispatch(endpoints.header.initiate(undefined, { subscribe: false }))),
    queryData(store.dispatch(endpoints.footer.initiate(undefined, { subscribe: false }))),
  ]);
  const match = matchSiteRoute(path);
  const id = match?.id ?? 0;
  let head: PageHead = match ? { title: ROUTE_TITLES[match.route.name] ?? null } : MISSING;
  switch (match?.route.name) {
    case 'index':
      await queryData(store.dispatch(endpoints.home.initiate(undefined, { subscribe: false })));
      break;
    case 'about':
      await Promise.all([
        queryData(store.dispatch(endpoints.about.initiate(undefined, { subscribe: false }))),
        queryData(store.dispatch(endpoints.contact.initiate(undefined, { subscribe: false }))),
      ]);
      break;
    case 'items': {
      const items = await queryData(store.dispatch(endpoints.items.initiate({ menu: id }, { subscribe: false })));
      head = items ? { title: items.menu.title } : MISSING;
      break;
    }
    case 'itemnews':
      await queryData(store.dispatch(endpoints.newsList.initiate(undefined, { subscribe: false })));
      break;
    case 'details': {
      const item = await queryData(
        store.dispatch(endpoints.caseDetail.initiate({ case: id, casemenu: casemenuOf(search) }, { subscribe: false })),
      );
      head = item ? { title: item.name, description: item.intro || undefined, image: item.img || undefined } : MISSING;
      break;
    }
    case 'news': {
      const item = await queryData(store.dispatch(endpoints.newsDetail.initiate({ case: id }, { subscribe: false })));
      head = item ? { title: item.title, description: item.intro || undefined, image: item.img || undefined } : MISSING;
      break;
    }
    case 'webcase':
      await Promise.all([
        queryData(store.dispatch(endpoints.webcase.initiate(undefined, { subscribe: false }))),
        id === DEFAULT_WEBCASE_ID
          ? undefined
          : queryData(store.dispatch(endpoints.webcaseTab.initiate({ menu: id }, { subscribe: false }))),
      ]);
      break;
  }
  await layout;
  return head;
};
