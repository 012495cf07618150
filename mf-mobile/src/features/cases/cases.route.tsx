import {
  CASE_CLASSES,
  CaseListType,
  PAGE_AMOUNT,
  ROUTE_TITLES,
  routePath,
  withQuery,
  type CaseSummary,
} from '@site/shared-types';
import { defineRoute, InfiniteList, Link, read, useLocation, usePageLoader, useRouteData } from '@site/platform';
import { CaseList } from '../../common/cards';
import { Loading } from '../../common/page-states';
import styles from './cases.module.css';

/** `?tab=` of the case list: the customer-case tab shown (1–5), default the first (a tab's address is shareable). */
function caseTabOf(query: URLSearchParams): number {
  const value = Number(query.get('tab'));
  return CASE_CLASSES.some((entry) => entry.id === value) ? value : CASE_CLASSES[0].id;
}

/** Case cards on a phone's first screen under the title and tabs: the lead case and the row below it. */
const FIRST_SCREEN_CASES = 3;

function CasesPage() {
  const tab = caseTabOf(new URLSearchParams(useLocation().search));
  const { currentData } = useRouteData(casesRoute).cases;
  const load = usePageLoader<'itemMore', CaseSummary>('itemMore', (page) => ({
    menu: tab,
    amount: PAGE_AMOUNT.mobileCases,
    type: CaseListType.Classic,
    page,
  }));
  return (
    <main data-page="mecase">
      <h1 className={styles.pageTitle}>客户案例</h1>
      <nav className={styles.tabs} aria-label="案例分类" data-testid="case-tabs">
        {CASE_CLASSES.map((entry) => (
          <Link
            key={entry.id}
            to={withQuery(routePath('mobile', 'mecase'), { tab: entry.id })}
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
            {(items) => <CaseList cases={items} eager={FIRST_SCREEN_CASES} featured />}
          </InfiniteList>
        ) : (
          <Loading />
        )}
      </div>
    </main>
  );
}

/** `/move/case.html?tab=`: the customer cases, one tab per case class, 2 more at a time. */
export const casesRoute = defineRoute({
  name: 'mecase',
  Page: CasesPage,
  load: ({ query }) => ({ cases: read('webcaseTab', { menu: caseTabOf(query) }) }),
  head: () => ({ title: ROUTE_TITLES.mecase ?? null }),
});
