import type {
  CaseDetail,
  CaseDetailRequest,
  CaseSummary,
  ItemMoreRequest,
  ItemsData,
  ItemsRequest,
  Paged,
  WebcaseCutData,
  WebcaseCutRequest,
  WebcaseData,
} from './domain/cases.js';
import type { LeaveWordRequest } from './domain/admin.js';
import type { KeywordRecord } from './domain/keywords.js';
import type { ItemNewsData, NewMoreRequest, NewsDetail, NewsDetailRequest, NewsSummary } from './domain/news.js';
import type { SearchRequest } from './domain/search.js';
import type { ShareData, ShareRequest } from './domain/share.js';
import type { AboutData, ContactData, FooterData, HeaderData, IndexData } from './domain/site.js';

/** One call of a path table: its method, the body it takes and the `data` its envelope answers. */
export interface Call<M extends 'GET' | 'POST', B, D> {
  method: M;
  body: B;
  data: D;
}

/**
 * The public calls (docs/behaviour.md#public-calls, plus the additions recorded in docs/decisions.md), keyed by path.
 * A typed client derives its request and answer types from this map.
 */
export interface PublicApi {
  '/api/keyswords': Call<'POST', void, KeywordRecord[]>;
  '/api/header': Call<'GET', void, HeaderData>;
  '/api/footer': Call<'GET', void, FooterData>;
  '/api/index': Call<'GET', void, IndexData>;
  '/api/about': Call<'GET', void, AboutData>;
  '/api/contact': Call<'GET', void, ContactData>;
  '/api/items': Call<'POST', ItemsRequest, ItemsData>;
  '/api/itemmore': Call<'POST', ItemMoreRequest, Paged<CaseSummary>>;
  '/api/details': Call<'POST', CaseDetailRequest, CaseDetail>;
  '/api/itemnewscut': Call<'POST', NewsDetailRequest, NewsDetail>;
  '/api/itemnews': Call<'GET', void, ItemNewsData>;
  '/api/newmore': Call<'POST', NewMoreRequest, Paged<NewsSummary>>;
  '/api/webcasecut': Call<'POST', WebcaseCutRequest, WebcaseCutData>;
  '/api/webcase': Call<'GET', void, WebcaseData>;
  '/api/search': Call<'POST', SearchRequest, Paged<CaseSummary> | Paged<NewsSummary>>;
  '/api/share': Call<'POST', ShareRequest, ShareData>;
  '/api/leaveword': Call<'POST', LeaveWordRequest, null>;
}

export type PublicPath = keyof PublicApi;
