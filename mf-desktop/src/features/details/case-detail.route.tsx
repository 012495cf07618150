import { caseHead, DEFAULT_CASEMENU, fitHeadings, responsiveImage, routePath, withQuery } from '@site/shared-types';
import { defineRoute, read, useLocation, useRouteData } from '@site/platform';
import { Loading, NotFoundPage } from '../../common/page-states';
import { Neighbour } from './neighbour';
import styles from './details.module.css';

/** `?casemenu=` of a case address: the list the case was opened from (its neighbours), default 2. */
export function casemenuOf(query: URLSearchParams): number {
  const value = Number(query.get('casemenu'));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_CASEMENU;
}

function CaseDetailPage() {
  const casemenu = casemenuOf(new URLSearchParams(useLocation().search));
  const { data, isError } = useRouteData(caseDetailRoute).detail;
  if (isError) return <NotFoundPage />;
  if (!data) return <Loading />;
  const neighbour = (other: number | null) =>
    other ? withQuery(routePath('desktop', 'details', other), { casemenu }) : null;
  return (
    <main data-page="details" className={styles.page}>
      <article className={styles.article}>
        <header className={styles.caseHead}>
          <img
            className={styles.cover}
            {...responsiveImage(data.img, '480px')}
            alt={`${data.name}封面`}
            width={800}
            height={600}
            fetchPriority="high"
            data-testid="case-cover"
          />
          <div>
            <h1>{data.name}</h1>
            <p className={styles.meta}>
              <span>{data.scene}</span>
              <time dateTime={data.create_time}>{data.create_time}</time>
            </p>
            <p className={styles.intro}>{data.intro}</p>
            {data.site ? (
              <a className={styles.visit} href={data.site} target="_blank" rel="noopener noreferrer nofollow">
                访问网站
              </a>
            ) : null}
          </div>
          {data.code_img ? (
            <figure className={styles.qr}>
              <img src={data.code_img} alt={`${data.name}二维码`} width={140} height={140} loading="lazy" />
              <figcaption>扫码体验</figcaption>
            </figure>
          ) : null}
        </header>
        {data.banner.length > 0 ? (
          <div className={styles.shots}>
            {data.banner.map((shot, index) => (
              <img
                key={shot.url}
                src={shot.url}
                alt={`${data.name} 截图 ${index + 1}`}
                width={1200}
                height={750}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            ))}
          </div>
        ) : null}
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: fitHeadings(data.content) }} />
      </article>
      <nav className={styles.pager} aria-label="上一个 / 下一个案例" data-testid="pager">
        <Neighbour to={neighbour(data.upId)} label="上一个" name={data.upname} />
        <Neighbour to={neighbour(data.downId)} label="下一个" name={data.downname} />
      </nav>
    </main>
  );
}

/** `/details/{id}.html?casemenu=`: a case with its neighbours in that list; a new id re-fetches. */
export const caseDetailRoute = defineRoute({
  name: 'details',
  Page: CaseDetailPage,
  load: ({ id, query }) => ({ detail: read('caseDetail', { case: id ?? 0, casemenu: casemenuOf(query) }) }),
  head: ({ detail }) => caseHead(detail),
});
