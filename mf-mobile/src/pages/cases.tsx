import { Link, useLocation, useParams } from 'react-router-dom';
import { CASE_CLASSES, CaseListType, PAGE_AMOUNT, parseHtmlId, type CaseSummary, type Paged } from '@site/shared-types';
import { InfiniteList, publicApi, useAppDispatch, usePageTitle } from '@site/platform';
import { caseTabOf, ROUTE_TITLES } from '../prefetch';
import { CaseList } from './cards';
import { Loading, Missing } from './missing';
import styles from './pages.module.css';

/** The next page of a case list through the shared client (the list always calls the latest function). */
function useMoreCases(menu: number, amount: number, type: number): (page: number) => Promise<Paged<CaseSummary>> {
  const dispatch = useAppDispatch();
  return (page) =>
    dispatch(publicApi.endpoints.itemMore.initiate({ menu, amount, type, page }, { subscribe: false })).unwrap();
}

/** `case.html?tab=`: the customer cases, one tab per case class, 2 more at a time. */
export function CasesPage() {
  usePageTitle(ROUTE_TITLES.mecase);
  const tab = caseTabOf(useLocation().search);
  const { currentData } = publicApi.useWebcaseTabQuery({ menu: tab });
  const load = useMoreCases(tab, PAGE_AMOUNT.mobileCases, CaseListType.Classic);
  return (
    <main data-page="mecase">
      <h1 className={styles.pageTitle}>客户案例</h1>
      <nav className={styles.tabs} aria-label="案例分类" data-testid="case-tabs">
        {CASE_CLASSES.map((entry) => (
          <Link
            key={entry.id}
            to={`/move/case.html?tab=${entry.id}`}
            replace
            aria-current={entry.id === tab ? 'page' : undefined}
          >
            {entry.name}
          </Link>
        ))}
      </nav>
      <div className={styles.listArea}>
        {currentData ? (
          <InfiniteList key={tab} first={currentData.casecontent} sum={currentData.sum} load={load}>
            {(items) => <CaseList cases={items} />}
          </InfiniteList>
        ) : (
          <Loading />
        )}
      </div>
    </main>
  );
}

/** `items/{id}.html`: a service's cases, 3 more at a time. */
export function ItemsPage() {
  const id = parseHtmlId(useParams().id) ?? 0;
  const { currentData: data, isError } = publicApi.useItemsQuery({ menu: id });
  usePageTitle(data?.menu.title ?? null);
  const load = useMoreCases(id, PAGE_AMOUNT.mobileItems, CaseListType.Service);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main data-page="meitems">
      <div className={styles.itemsBanner}>
        <h1>{data.menu.title}</h1>
        <p>{data.menu.intro}</p>
      </div>
      <div className={styles.listArea}>
        <InfiniteList key={id} first={data.case.caselist} sum={data.case.sum} load={load}>
          {(items) => <CaseList cases={items} />}
        </InfiniteList>
      </div>
    </main>
  );
}
