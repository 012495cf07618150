import type { PublicApi, PublicPath } from '@site/shared-types';
import { api, type ApiRequest } from './api';

type Body<P extends PublicPath> = PublicApi[P]['body'];
type Data<P extends PublicPath> = PublicApi[P]['data'];

/** A request for a public call; the path's entry in `PublicApi` fixes the method and the body's type. */
function call<P extends PublicPath>(path: P, method: PublicApi[P]['method'], body?: Body<P>): ApiRequest {
  return { path, method, body };
}

/**
 * Each public query's request from its argument: the endpoints' `query` below, and what a server render's prefetch
 * sends itself when its store answers reads in-process (`runReads` in route-module.tsx).
 */
export const publicQueries = {
  header: () => call('/api/header', 'GET'),
  footer: () => call('/api/footer', 'GET'),
  home: () => call('/api/index', 'GET'),
  about: () => call('/api/about', 'GET'),
  contact: () => call('/api/contact', 'GET'),
  items: (body: Body<'/api/items'>) => call('/api/items', 'GET', body),
  caseDetail: (body: Body<'/api/details'>) => call('/api/details', 'GET', body),
  newsDetail: (body: Body<'/api/itemnewscut'>) => call('/api/itemnewscut', 'GET', body),
  newsList: () => call('/api/itemnews', 'GET'),
  webcase: () => call('/api/webcase', 'GET'),
  webcaseTab: (body: Body<'/api/webcasecut'>) => call('/api/webcasecut', 'GET', body),
  itemMore: (body: Body<'/api/itemmore'>) => call('/api/itemmore', 'GET', body),
  newsMore: (body: Body<'/api/newmore'>) => call('/api/newmore', 'GET', body),
  search: (body: Body<'/api/search'>) => call('/api/search', 'GET', body),
};

/**
 * The public site's calls (docs/behaviour.md#public-calls), shared by the desktop and mobile remotes and by the server
 * render: a page loads its data through these, so a server-rendered first view is adopted by the browser's cache.
 */
export const publicApi = api.injectEndpoints({
  endpoints: (build) => ({
    header: build.query<Data<'/api/header'>, void>({
      query: publicQueries.header,
      providesTags: ['Menu', 'Block'],
    }),
    footer: build.query<Data<'/api/footer'>, void>({
      query: publicQueries.footer,
      providesTags: ['Block'],
    }),
    home: build.query<Data<'/api/index'>, void>({
      query: publicQueries.home,
      providesTags: ['Block', 'Case', 'News'],
    }),
    about: build.query<Data<'/api/about'>, void>({
      query: publicQueries.about,
      providesTags: ['Block'],
    }),
    contact: build.query<Data<'/api/contact'>, void>({
      query: publicQueries.contact,
      providesTags: ['Block'],
    }),
    items: build.query<Data<'/api/items'>, Body<'/api/items'>>({
      query: publicQueries.items,
      providesTags: ['Menu', 'Case'],
    }),
    caseDetail: build.query<Data<'/api/details'>, Body<'/api/details'>>({
      query: publicQueries.caseDetail,
      providesTags: ['Case'],
    }),
    newsDetail: build.query<Data<'/api/itemnewscut'>, Body<'/api/itemnewscut'>>({
      query: publicQueries.newsDetail,
      providesTags: ['News'],
    }),
    newsList: build.query<Data<'/api/itemnews'>, void>({
      query: publicQueries.newsList,
      providesTags: ['News'],
    }),
    webcase: build.query<Data<'/api/webcase'>, void>({
      query: publicQueries.webcase,
      providesTags: ['Case'],
    }),
    webcaseTab: build.query<Data<'/api/webcasecut'>, Body<'/api/webcasecut'>>({
      query: publicQueries.webcaseTab,
      providesTags: ['Case'],
    }),
    /** The next page of a case list (service menu, `type` 1; customer-case tab, `type` 2). */
    itemMore: build.query<Data<'/api/itemmore'>, Body<'/api/itemmore'>>({
      query: publicQueries.itemMore,
      providesTags: ['Case'],
    }),
    /** The next page of the news list (`menu` 0: every category). */
    newsMore: build.query<Data<'/api/newmore'>, Body<'/api/newmore'>>({
      query: publicQueries.newsMore,
      providesTags: ['News'],
    }),
    /**
     * WeChat JS-SDK signature for a page address (docs/behaviour.md#wechat-sharing: 5 s timeout, with credentials;
     * failures only logged).
     */
    share: build.mutation<Data<'/api/share'>, Body<'/api/share'>>({
      query: (body) => ({ ...call('/api/share', 'POST', body), timeoutMs: 5000, withCredentials: true, silent: true }),
    }),
    /** A visitor's message from the contact form. */
    leaveWord: build.mutation<Data<'/api/leaveword'>, Body<'/api/leaveword'>>({
      query: (body) => ({ ...call('/api/leaveword', 'POST', body), silent: true }),
      invalidatesTags: ['Message'],
    }),
    /** A page of search results: `type` 1 cases, 2 news. */
    search: build.query<Data<'/api/search'>, Body<'/api/search'>>({
      query: publicQueries.search,
      providesTags: ['Case', 'News'],
    }),
  }),
});
