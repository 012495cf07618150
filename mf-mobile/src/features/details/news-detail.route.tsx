import { fitHeadings, itemHead, routePath } from '@site/shared-types';
import { defineRoute, read, useRouteData } from '@site/platform';
import { Loading, NotFoundPage } from '../../common/page-states';
import page from '../../common/page.module.css';
import { Neighbour } from './neighbour';
import styles from './details.module.css';

const articleAddress = (id: number | null) => (id ? routePath('mobile', 'menews', id) : null);

function NewsDetailPage() {
  const { data, isError } = useRouteData(newsDetailRoute).detail;
  if (isError) return <NotFoundPage />;
  if (!data) return <Loading />;
  const day = data.create_time.slice(0, 10);
  return (
    <main data-page="menews" className={page.card}>
      <article>
        <h1>{data.title}</h1>
        <p className={page.intro}>
          <time dateTime={day}>{day}</time>
        </p>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: fitHeadings(data.content) }} />
      </article>
      <nav className={styles.pager} aria-label="上一篇 / 下一篇" data-testid="pager">
        <Neighbour to={articleAddress(data.upId)} label="上一篇" name={data.uptitle} />
        <Neighbour to={articleAddress(data.downId)} label="下一篇" name={data.downtitle} />
      </nav>
    </main>
  );
}

/** `/move/news/{id}.html`: an article with its date and neighbours; 404 when there is none. */
export const newsDetailRoute = defineRoute({
  name: 'menews',
  Page: NewsDetailPage,
  load: ({ id }) => ({ detail: read('newsDetail', { case: id ?? 0, state: 0 }) }),
  head: ({ detail }) => itemHead(detail),
});
