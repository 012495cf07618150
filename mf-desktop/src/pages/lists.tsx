import { Link, useLocation, useParams } from 'react-router-dom';
import {
  CASE_CLASSES,
  CaseListType,
  DEFAULT_WEBCASE_ID,
  PAGE_AMOUNT,
  parseHtmlId,
  SearchType,
  type CaseSummary,
  type NewsSummary,
  type Paged,
  type SearchRequest,
} from '@site/shared-types';
import { InfiniteList, publicApi, useAppDispatch, usePageTitle } from '@site/platform';
import { CaseGrid, NewsRows } from '../common/cards';
import { PageBanner } from '../common/page-banner';
import {
  firstSearchPage,
  ROUTE_TITLES,
  SEARCH_PATH,
  SERVICE_TITLES,
  searchOf,
  webcaseTab,
  webcaseTitle,
} from '../prefetch';
import { Loading, Missing } from './loading';
import styles from './lists.module.css';

/** Entries per search page after the preloaded first one (the spec gives no amount for search). */
const SEARCH_AMOUNT = 3;

/**
 * Fetches one page of a list through the shared client (the answer's cursor drives the next one). A new
 * function each render is fine: the list always calls the latest.
 */
function usePageLoader<A, T>(
  endpoint: { initiate: (arg: A, options: { subscribe: false }) => unknown },
  argFor: (page: number) => A,
): (page: number) => Promise<Paged<T>> {
  const dispatch = useAppDispatch();
  return (page: number) =>
    (
      dispatch(endpoint.initiate(argFor(page), { subscribe: false }) as never) as unknown as {
        unwrap(): Promise<Paged<T>>;
      }
    ).unwrap();
}

function SearchResults() {
  const { search } = useLocation();
  const { keyword, type } = searchOf(search);
  usePageTitle(ROUTE_TITLES.search);
  // currentData: the answer for this keyword and type only (data would keep the previous search's meanwhile).
  const { currentData: data, isFetching } = publicApi.useSearchQuery(firstSearchPage(keyword, type), {
    skip: !keyword,
  });
  const load = usePageLoader<SearchRequest, CaseSummary | NewsSummary>(publicApi.endpoints.search, (page) => ({
    keyword,
    type,
    amount: SEARCH_AMOUNT,
    page,
  }));
  const tab = (to: SearchType, label: string) => (
    <Link
      to={`${SEARCH_PATH}?keyword=${encodeURIComponent(keyword)}&type=${to}`}
      aria-current={type === to ? 'page' : undefined}
    >
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

function ServiceItems({ id }: { id: number }) {
  const { data, isError } = publicApi.useItemsQuery({ menu: id });
  usePageTitle(data ? (SERVICE_TITLES[id] ?? data.menu.title) : null);
  const load = usePageLoader<{ menu: number; amount: number; type: number; page: number }, CaseSummary>(
    publicApi.endpoints.itemMore,
    (page) => ({ menu: id, amount: PAGE_AMOUNT.items(id), type: CaseListType.Service, page }),
  );
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main data-page="items">
      <PageBanner image={data.menu.background} title={data.menu.title} />
      <div className={styles.content}>
        <p className={styles.lead}>{data.menu.intro}</p>
        {data.menu.menulist.length > 0 ? (
          <ul className={styles.offerings} aria-label="服务内容">
            {data.menu.menulist.map((entry) => (
              <li key={entry.id}>
                <img src={entry.img} alt="" width={48} height={48} loading="lazy" />
                <h2>{entry.name}</h2>
                <p>{entry.intro}</p>
              </li>
            ))}
          </ul>
        ) : null}
        <h2 className={styles.listTitle}>相关案例</h2>
        <InfiniteList key={id} first={data.case.caselist} sum={data.case.sum} load={load}>
          {(items) => <CaseGrid cases={items} casemenu={id} />}
        </InfiniteList>
      </div>
    </main>
  );
}

/** `/items/{id}.html`: a service category; `/items/search.html?keyword=`: the header search's results. */
export function ItemsPage() {
  const param = useParams().id;
  if (param === undefined) return <SearchResults />;
  const id = parseHtmlId(param);
  return id ? <ServiceItems key={id} id={id} /> : <Missing />;
}

export function NewsListPage() {
  usePageTitle(ROUTE_TITLES.itemnews);
  const { data } = publicApi.useNewsListQuery();
  const load = usePageLoader<{ menu: number; amount: number; page: number }, NewsSummary>(
    publicApi.endpoints.newsMore,
    (page) => ({ menu: 0, amount: PAGE_AMOUNT.news, page }),
  );
  if (!data) return <Loading />;
  return (
    <main data-page="itemnews">
      <PageBanner title="新闻资讯" intro="行业观点与公司动态" />
      <div className={styles.content}>
        <InfiniteList first={data.newcontent} sum={data.sum} load={load}>
          {(items) => <NewsRows news={items} />}
        </InfiniteList>
      </div>
    </main>
  );
}

/** `/webcase/{id}.html`: the five customer-case tabs (101 opens the first), each an infinite list. */
export function WebcasePage() {
  const id = parseHtmlId(useParams().id) ?? 0;
  const tab = webcaseTab(id);
  usePageTitle(webcaseTitle(id));
  const all = publicApi.useWebcaseQuery().data;
  const own = publicApi.useWebcaseTabQuery({ menu: tab }, { skip: id === DEFAULT_WEBCASE_ID }).currentData;
  const first = id === DEFAULT_WEBCASE_ID ? all && { casecontent: all.casecontent, sum: all.sum } : own;
  const load = usePageLoader<{ menu: number; amount: number; type: number; page: number }, CaseSummary>(
    publicApi.endpoints.itemMore,
    (page) => ({ menu: tab, amount: PAGE_AMOUNT.webcase, type: CaseListType.Classic, page }),
  );
  if (!CASE_CLASSES.some((entry) => entry.id === tab)) return <Missing />;
  return (
    <main data-page="webcase">
      <PageBanner title="客户案例" intro="十余年深耕，服务三千余家企业客户" />
      <div className={styles.content}>
        <nav className={styles.tabs} aria-label="案例分类" data-testid="webcase-tabs">
          {(all?.casemenu ?? CASE_CLASSES).map((entry) => (
            <Link key={entry.id} to={`/webcase/${entry.id}.html`} aria-current={entry.id === tab ? 'page' : undefined}>
              {entry.name}
            </Link>
          ))}
        </nav>
        {first ? (
          <InfiniteList key={tab} first={first.casecontent} sum={first.sum} load={load}>
            {(items) => <CaseGrid cases={items} casemenu={2} />}
          </InfiniteList>
        ) : (
          <Loading />
        )}
      </div>
    </main>
  );
}
