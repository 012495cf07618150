import { fitHeadings, itemHead, routePath } from '@site/shared-types';
import { defineRoute, Link, read, useRouteData } from '@site/platform';
import { Loading, NotFoundPage } from '../../common/page-states';
import { Neighbour } from './neighbour';
import styles from './details.module.css';

function NewsDetailPage() {
  const { data, isError } = useRouteData(newsDetailRoute).detail;
  if (isError) return <NotFoundPage />;
  if (!data) return <Loading />;
  return (
    <main data-page="news" className={styles.page}>
      <article className={styles.article}>
        <header className={styles.newsHead}>
          <h1>{data.title}</h1>
          <p className={styles.meta}>
            <time dateTime={data.create_time.slice(0, 10)}>发布时间：{data.create_time.slice(0, 10)}</time>
          </p>
        </header>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: fitHeadings(data.content) }} />
      </article>
      <nav className={styles.pager} aria-label="上一篇 / 下一篇" data-testid="pager">
        <Neighbour to={data.upId ? routePath('desktop', 'news', data.upId) : null} label="上一篇" name={data.uptitle} />
        <Neighbour
          to={data.downId ? routePath('desktop', 'news', data.downId) : null}
          label="下一篇"
          name={data.downtitle}
        />
      </nav>
      <p className={styles.back}>
        <Link to={routePath('desktop', 'itemnews')}>返回新闻列表</Link>
      </p>
    </main>
  );
}

/** `/news/{id}.html`: an article with its date, HTML body and neighbours. */
export const newsDetailRoute = defineRoute({
  name: 'news',
  Page: NewsDetailPage,
  load: ({ id }) => ({ detail: read('newsDetail', { case: id ?? 0, state: 0 }) }),
  head: ({ detail }) => itemHead(detail),
});
