import {
  CASE_CLASSES,
  CaseListType,
  DEFAULT_WEBCASE_ID,
  matchSiteRoute,
  PAGE_AMOUNT,
  routePath,
  webcaseExists,
  webcaseHead,
  type CaseSummary,
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
import { CaseGrid } from '../../common/cards';
import { PageBanner } from '../../common/page-banner';
import { Loading, NotFoundPage } from '../../common/page-states';
import styles from '../../common/lists.module.css';

/** The customer-case tab a webcase id opens (101, the route's default, is the first tab). */
function webcaseTab(id: number): number {
  return id === DEFAULT_WEBCASE_ID ? CASE_CLASSES[0].id : id;
}

function WebcasePage() {
  const id = matchSiteRoute(useLocation().pathname)?.id ?? 0;
  const tab = webcaseTab(id);
  const loaded = useRouteData(webcaseRoute);
  const all = loaded.all.data;
  const own = loaded.tab.currentData;
  const first = id === DEFAULT_WEBCASE_ID ? all && { casecontent: all.casecontent, sum: all.sum } : own;
  const load = usePageLoader<'itemMore', CaseSummary>('itemMore', (page) => ({
    menu: tab,
    amount: PAGE_AMOUNT.webcase,
    type: CaseListType.Classic,
    page,
  }));
  if (!webcaseExists(id)) return <NotFoundPage />;
  return (
    <main data-page="webcase">
      <PageBanner title="客户案例" intro="十余年深耕，服务三千余家企业客户" />
      <div className={styles.content}>
        <nav className={styles.tabs} aria-label="案例分类" data-testid="webcase-tabs">
          {(all?.casemenu ?? CASE_CLASSES).map((entry) => (
            <Link
              key={entry.id}
              to={routePath('desktop', 'webcase', entry.id)}
              aria-current={entry.id === tab ? 'page' : undefined}
            >
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

/** `/webcase/{id}.html`: the five customer-case tabs (101 opens the first), each an infinite list. */
export const webcaseRoute = defineRoute({
  name: 'webcase',
  Page: WebcasePage,
  load: ({ id }) => ({
    all: read('webcase'),
    tab:
      id === DEFAULT_WEBCASE_ID || !webcaseExists(id ?? 0)
        ? skipRead('webcaseTab')
        : read('webcaseTab', { menu: webcaseTab(id ?? 0) }),
  }),
  head: (_data, { id }) => webcaseHead(id ?? 0),
});
