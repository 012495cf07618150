import { Link, useLocation, useParams } from 'react-router-dom';
import { fitHeadings, parseHtmlId } from '@site/shared-types';
import { publicApi, usePageTitle } from '@site/platform';
import { casemenuOf } from '../prefetch';
import { Loading, Missing } from './loading';
import styles from './details.module.css';

/** Previous / next: a link to the neighbour, or a disabled button when there is none (spec §2). */
function Neighbour({ to, label, name }: { to: string | null; label: string; name: string | null }) {
  if (!to) {
    return (
      <button type="button" className={styles.neighbour} disabled>
        {label}：没有了
      </button>
    );
  }
  return (
    <Link className={styles.neighbour} to={to} title={name ?? undefined}>
      {label}：{name}
    </Link>
  );
}

/** `/details/{id}.html?casemenu=`: a case; a new id re-fetches (the query follows the route). */
export function CaseDetailPage() {
  const id = parseHtmlId(useParams().id) ?? 0;
  const casemenu = casemenuOf(useLocation().search);
  const { data, isError } = publicApi.useCaseDetailQuery({ case: id, casemenu });
  usePageTitle(data?.name ?? null);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  const neighbour = (other: number | null) => (other ? `/details/${other}.html?casemenu=${casemenu}` : null);
  return (
    <main data-page="details" className={styles.page}>
      <article className={styles.article}>
        <header className={styles.caseHead}>
          <img
            className={styles.cover}
            src={data.img}
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

/** `/news/{id}.html`: an article with its date, HTML body and neighbours. */
export function NewsDetailPage() {
  const id = parseHtmlId(useParams().id) ?? 0;
  const { data, isError } = publicApi.useNewsDetailQuery({ case: id, state: 0 });
  usePageTitle(data?.title ?? null);
  if (isError) return <Missing />;
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
        <Neighbour to={data.upId ? `/news/${data.upId}.html` : null} label="上一篇" name={data.uptitle} />
        <Neighbour to={data.downId ? `/news/${data.downId}.html` : null} label="下一篇" name={data.downtitle} />
      </nav>
      <p className={styles.back}>
        <Link to="/itemnews.html">返回新闻列表</Link>
      </p>
    </main>
  );
}
