import {
  CASE_CLASSES,
  DEFAULT_CASEMENU,
  DEFAULT_WEBCASE_ID,
  INFINITE_LIST,
  matchSiteRoute,
  SearchType,
  type SearchRequest,
} from '@site/shared-types';
import { publicApi, queryData, type PageHead, type Prefetch } from '@site/platform';

/** Where the header search goes: the items route listing what matches `?keyword=`. */
export const SEARCH_PATH = '/items/search.html';

/** Fixed titles: routes without an item of their own, the four service pages, the customer-case tabs. */
export const ROUTE_TITLES: Record<string, string | null> = {
  index: null,
  about: '关于我们',
  itemnews: '新闻资讯',
  search: '搜索结果',
};
export const SERVICE_TITLES: Record<number, string> = { 3: '网站建设', 4: '新媒体营销', 5: '软件开发', 6: '品牌设计' };

export function webcaseTitle(id: number): string {
  const tab = CASE_CLASSES.find((entry) => entry.id === id);
  return id === DEFAULT_WEBCASE_ID || !tab ? '客户案例' : `${tab.name}案例`;
}

/** The customer-case tab a webcase id opens (101, the route's default, is the first tab). */
export function webcaseTab(id: number): number {
  return id === DEFAULT_WEBCASE_ID ? CASE_CLASSES[0].id : id;
}

export const MISSING: PageHead = { title: '页面不存在' };

/** `?casemenu=` of a case detail address (spec §2: the list the case was opened from), default 2. */
export function casemenuOf(search: string): number {
  const value = Number(new URLSearchParams(search).get('casemenu'));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CASEMENU;
}

/** The search of a results address: the keyword and which list (`type` 1 cases, 2 news). */
export function searchOf(search: string): { keyword: string; type: SearchType } {
  const params = new URLSearchParams(search);
  return {
    keyword: (params.get('keyword') ?? '').trim().slice(0, 50),
    type: params.get('type') === String(SearchType.News) ? SearchType.News : SearchType.Cases,
  };
}

/** The first page of search results (the infinite list's preloaded page). */
export function firstSearchPage(keyword: string, type: SearchType): SearchRequest {
  return { keyword, type, amount: INFINITE_LIST.preloadedPage, page: 0 };
}

/**
 * The desktop routes' data (spec §2): the layout's header and footer, then each route's own call, through the
 * shared API client, so the first view renders on the server and the browser adopts the cache.
 */
export const prefetch: Prefetch = async ({ path, search, store }) => {
  const { endpoints } = publicApi;
  const options = { subscribe: false } as const;
  const layout = Promise.all([
    queryData(store.dispatch(endpoints.header.initiate(undefined, options))),
    queryData(store.dispatch(endpoints.footer.initiate(undefined, options))),
  ]);
  const match = matchSiteRoute(path);
  const id = match?.id ?? 0;
  let head: PageHead = match ? { title: ROUTE_TITLES[match.route.name] ?? null } : MISSING;
  switch (match?.route.name) {
    case 'index':
      await queryData(store.dispatch(endpoints.home.initiate(undefined, options)));
      break;
    case 'about':
      await Promise.all([
        queryData(store.dispatch(endpoints.about.initiate(undefined, options))),
        queryData(store.dispatch(endpoints.contact.initiate(undefined, options))),
      ]);
      break;
    case 'items': {
      if (!match.id) {
        const { keyword, type } = searchOf(search);
        if (keyword)
          await queryData(store.dispatch(endpoints.search.initiate(firstSearchPage(keyword, type), options)));
        head = { title: ROUTE_TITLES.search! };
        break;
      }
      const items = await queryData(store.dispatch(endpoints.items.initiate({ menu: id }, options)));
      head = items ? { title: SERVICE_TITLES[id] ?? items.menu.title, description: items.menu.intro } : MISSING;
      break;
    }
    case 'itemnews':
      await queryData(store.dispatch(endpoints.newsList.initiate(undefined, options)));
      break;
    case 'details': {
      const item = await queryData(
        store.dispatch(endpoints.caseDetail.initiate({ case: id, casemenu: casemenuOf(search) }, options)),
      );
      head = item ? { title: item.name, description: item.intro || undefined, image: item.img || undefined } : MISSING;
      break;
    }
    case 'news': {
      const item = await queryData(store.dispatch(endpoints.newsDetail.initiate({ case: id, state: 0 }, options)));
      head = item ? { title: item.title, description: item.intro || undefined, image: item.img || undefined } : MISSING;
      break;
    }
    case 'webcase':
      await (id === DEFAULT_WEBCASE_ID
        ? queryData(store.dispatch(endpoints.webcase.initiate(undefined, options)))
        : Promise.all([
            queryData(store.dispatch(endpoints.webcase.initiate(undefined, options))),
            queryData(store.dispatch(endpoints.webcaseTab.initiate({ menu: webcaseTab(id) }, options))),
          ]));
      head = { title: webcaseTitle(id) };
      break;
  }
  await layout;
  return head;
};
