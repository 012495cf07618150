import {
  CaseListType,
  matchSiteRoute,
  PAGE_AMOUNT,
  responsiveImage,
  SERVICE_TITLES,
  serviceHead,
  type CaseSummary,
} from '@site/shared-types';
import { defineRoute, InfiniteList, read, useLocation, usePageLoader, useRouteData } from '@site/platform';
import { CaseGrid } from '../../common/cards';
import { PageBanner } from '../../common/page-banner';
import { Loading, NotFoundPage } from '../../common/page-states';
import styles from '../../common/lists.module.css';

function ServiceItems() {
  const id = matchSiteRoute(useLocation().pathname)?.id ?? 0;
  const { data, isError } = useRouteData(serviceItemsRoute).items;
  const load = usePageLoader<'itemMore', CaseSummary>('itemMore', (page) => ({
    menu: id,
    amount: PAGE_AMOUNT.items(id),
    type: CaseListType.Service,
    page,
  }));
  if (isError) return <NotFoundPage />;
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
                <img {...responsiveImage(entry.img, '48px')} alt="" width={48} height={48} loading="lazy" />
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

/** `/items/{id}.html`: a service menu's banner, offerings and its cases as an infinite list. */
export const serviceItemsRoute = defineRoute({
  name: 'items',
  Page: ServiceItems,
  load: ({ id }) => ({ items: read('items', { menu: id ?? 0 }) }),
  head: ({ items }, { id }) => serviceHead(items?.menu, SERVICE_TITLES[id ?? 0]),
});
