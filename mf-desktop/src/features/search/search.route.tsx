import {
  INFINITE_LIST,
  ROUTE_TITLES,
  SearchType,
  type CaseSummary,
  type NewsSummary,
  type SearchRequest,
} from '@site/shared-types';
import {
  defineRoute,
  InfiniteList,
  Link,
  read,
  skipRead,
  useLocation,
  usePageLoader,
  useRouteData,
} from '@site/platform';
import { CaseGrid, NewsRows } from '../../common/cards';
import { PageBanner } from '../../common/page-banner';
import { Loading } from '../../common/page-states';
import { searchAddress } from '../../common/search';
import styles from '../../common/lists.module.css';

/** Entries per search page after the preloaded first one (no amount is fixed for search). */
const SEARCH_AMOUNT = 3;

/** The search of a results address: the keyword and which list. */
export function searchOf(query: URLSearchParams): { keyword: string; type: SearchType } {
  return {
    keyword: (query.get('keyword') ?? '').trim().slice(0, 50),
    type: query.get('type') === String(SearchType.News) ? SearchType.News : SearchType.Cases,
  };
}

/** The first page of results (the infinite list's preloaded page). */
function firstPage(keyword: string, type: SearchType): SearchRequest {
  return { keyword, type, amount: INFINITE_LIST.preloadedPage, page: 0 };
}

function SearchResults() {
  const { keyword, type } = searchOf(new URLSearchParams(useLocation().search));
  // The answer for this keyword and type only, not the previous search's while the new one is on its way.
  const { currentData: data, isFetching } = useRouteData(searchRoute).results;
  const load = usePageLoader<'search', CaseSummary | NewsSummary>('search', (page) => ({
    keyword,
    type,
    amount: SEARCH_AMOUNT,
    page,
  }));
  const tab = (to: SearchType, label: string) => (
    <Link to={searchAddress(keyword, to)} aria-current={type === to ? 'page' : undefined}>
      {label}
    </Link>
  );
  return (
    <main data-page="items" data-search={keyword}>
      <PageBanner title={keyword ? `“${keyword}”的搜索结果` : '搜索'} intro="在案例与新闻资讯中查找" />
      <div className={styles.content}>
        <nav className={styles.tabs} aria-label="搜索范围">
          {tab(SearchType.Cases, '案例')}
          {tab(SearchType.News, '新闻资讯')}
        </nav>
        {!keyword ? (
          <p className={styles.empty}>请输入要搜索的关键词。</p>
        ) : !data ? (
          isFetching ? (
            <Loading />
          ) : (
            <p className={styles.empty}>搜索暂时不可用，请稍后再试。</p>
          )
        ) : data.sum === 0 ? (
          <p className={styles.empty} data-testid="search-empty">
            没有找到与“{keyword}”相关的{type === SearchType.News ? '新闻资讯' : '案例'}，换个关键词试试。
          </p>
        ) : (
          <InfiniteList key={`${keyword}-${type}`} first={data.data} sum={data.sum} load={load}>
            {(items) =>
              type === SearchType.News ? (
                <NewsRows news={items as NewsSummary[]} />
              ) : (
                <CaseGrid cases={items as CaseSummary[]} casemenu={2} />
              )
            }
          </InfiniteList>
        )}
      </div>
    </main>
  );
}

/** `/items/search.html?keyword=`: the header search's results, cases or news, as an infinite list. */
export const searchRoute = defineRoute({
  name: 'search',
  Page: SearchResults,
  load: ({ query }) => {
    const { keyword, type } = searchOf(query);
    return { results: keyword ? read('search', firstPage(keyword, type)) : skipRead('search') };
  },
  head: () => ({ title: ROUTE_TITLES.search ?? null }),
});
