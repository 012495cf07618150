import { CaseListType, matchSiteRoute, PAGE_AMOUNT, serviceHead, type CaseSummary } from '@site/shared-types';
import { defineRoute, InfiniteList, read, useLocation, usePageLoader, useRouteData } from '@site/platform';
import { CaseList } from '../../common/cards';
import { Loading, NotFoundPage } from '../../common/page-states';
import styles from './service-items.module.css';

/** Case cards on a phone's first screen under the service's banner: two rows of two. */
const FIRST_SCREEN_CASES = 4;

function ServiceItemsPage() {
  const id = matchSiteRoute(useLocation().pathname)?.id ?? 0;
  const { currentData: data, isError } = useRouteData(serviceItemsRoute).items;
  const load = usePageLoader<'itemMore', CaseSummary>('itemMore', (page) => ({
    menu: id,
    amount: PAGE_AMOUNT.mobileItems,
    type: CaseListType.Service,
    page,
  }));
  if (isError) return <NotFoundPage />;
  if (!data) return <Loading />;
  return (
    <main data-page="meitems">
      <div className={styles.itemsBanner}>
        <h1>{data.menu.title}</h1>
        <p>{data.menu.intro}</p>
      </div>
      <div className={styles.listArea}>
        <InfiniteList key={id} first={data.case.caselist} sum={data.case.sum} load={load}>
          {(items) => <CaseList cases={items} eager={FIRST_SCREEN_CASES} />}
        </InfiniteList>
      </div>
    </main>
  );
}

/** `/move/items/{id}.html`: a service's cases, 3 more at a time; 404 when there is no such menu. */
export const serviceItemsRoute = defineRoute({
  name: 'meitems',
  Page: ServiceItemsPage,
  load: ({ id }) => ({ items: read('items', { menu: id ?? 0 }) }),
  head: ({ items }) => serviceHead(items?.menu),
});
