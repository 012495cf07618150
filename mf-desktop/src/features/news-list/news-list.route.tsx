import { PAGE_AMOUNT, ROUTE_TITLES, type NewsSummary } from '@site/shared-types';
import { defineRoute, InfiniteList, read, usePageLoader, useRouteData } from '@site/platform';
import { NewsRows } from '../../common/cards';
import { PageBanner } from '../../common/page-banner';
import { Loading } from '../../common/page-states';
import styles from '../../common/lists.module.css';

function NewsListPage() {
  const { data } = useRouteData(newsListRoute).list;
  const load = usePageLoader<'newsMore', NewsSummary>('newsMore', (page) => ({
    menu: 0,
    amount: PAGE_AMOUNT.news,
    page,
  }));
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

/** `/itemnews.html`: every article, newest first, as an infinite list. */
export const newsListRoute = defineRoute({
  name: 'itemnews',
  Page: NewsListPage,
  load: () => ({ list: read('newsList') }),
  head: () => ({ title: ROUTE_TITLES.itemnews ?? null }),
});
