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
 * The public calls (docs/behaviour.md#public-calls, plus the additions recorded in docs/decisions.md), keyed by path,
 * with the method the site's own client uses. Every public read is a GET, its fields in one canonical query string
 * (`canonicalQuery`); the server still answers the POST form of the reads the wire contract names as POSTs, with
 * the same bytes. A typed client derives its request and answer types from this map.
 */
export interface PublicApi {
  '/api/keyswords': Call<'GET', void, KeywordRecord[]>;
  '/api/header': Call<'GET', void, HeaderData>;
  '/api/footer': Call<'GET', void, FooterData>;
  '/api/index': Call<'GET', void, IndexData>;
  '/api/about': Call<'GET', void, AboutData>;
  '/api/contact': Call<'GET', void, ContactData>;
  '/api/items': Call<'GET', ItemsRequest, ItemsData>;
  '/api/itemmore': Call<'GET', ItemMoreRequest, Paged<CaseSummary>>;
  '/api/details': Call<'GET', CaseDetailRequest, CaseDetail>;
  '/api/itemnewscut': Call<'GET', NewsDetailRequest, NewsDetail>;
  '/api/itemnews': Call<'GET', void, ItemNewsData>;
  '/api/newmore': Call<'GET', NewMoreRequest, Paged<NewsSummary>>;
  '/api/webcasecut': Call<'GET', WebcaseCutRequest, WebcaseCutData>;
  '/api/webcase': Call<'GET', void, WebcaseData>;
  '/api/search': Call<'GET', SearchRequest, Paged<CaseSummary> | Paged<NewsSummary>>;
  '/api/share': Call<'POST', ShareRequest, ShareData>;
  '/api/leaveword': Call<'POST', LeaveWordRequest, null>;
}

export type PublicPath = keyof PublicApi;

/**
 * The one query string of a public read's GET form (no `?`): its fields in name order, each once, left-out ones
 * omitted (`case=7&casemenu=3`). A cache in front keeps one answer per read this way.
 */
export function canonicalQuery(fields: object): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined && value !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
}
