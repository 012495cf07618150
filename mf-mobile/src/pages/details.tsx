import { Link, useParams } from 'react-router-dom';
import { fitHeadings, parseHtmlId } from '@site/shared-types';
import { publicApi, usePageTitle } from '@site/platform';
import { Loading, Missing } from './missing';
import styles from './pages.module.css';

/** Previous / next; a long title ends in an ellipsis inside its own box (a flex item's text is never cut). */
function Neighbour({ to, label, name }: { to: string | null; label: string; name: string | null }) {
  return to ? (
    <Link to={to} className={styles.neighbour} title={name ?? undefined}>
      <span className={styles.neighbourText}>
        {label}：{name}
      </span>
    </Link>
  ) : (
    <button type="button" className={styles.neighbour} disabled>
      <span className={styles.neighbourText}>{label}：没有了</span>
    </button>
  );
}

export function CaseDetailPage() {
  const id = parseHtmlId(useParams().id) ?? 0;
  const { data, isError } = publicApi.useCaseDetailQuery({ case: id });
  usePageTitle(data?.name ?? null);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main data-page="medetails" className={styles.card}>
      <article>
        <h1>{data.name}</h1>
        <p className={styles.intro}>
          {data.scene} · {data.create_time}
        </p>
        <img
          className={styles.hero}
          src={data.img}
          alt={`${data.name}封面`}
          width={800}
          height={600}
          data-testid="case-cover"
        />
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: fitHeadings(data.content) }} />
        {data.banner.map((shot, index) => (
          <img
            key={shot.url}
            className={styles.hero}
            src={shot.url}
            alt={`${data.name} 截图 ${index + 1}`}
            width={1200}
            height={750}
            loading="lazy"
            decoding="async"
          />
        ))}
      </article>
      <nav className={styles.pager} aria-label="上一个 / 下一个案例" data-testid="pager">
        <Neighbour to={data.upId ? `/move/details/${data.upId}.html` : null} label="上一个" name={data.upname} />
        <Neighbour to={data.downId ? `/move/details/${data.downId}.html` : null} label="下一个" name={data.downname} />
      </nav>
    </main>
  );
}

export function NewsDetailPage() {
  const id = parseHtmlId(useParams().id) ?? 0;
  const { data, isError } = publicApi.useNewsDetailQuery({ case: id, state: 0 });
  usePageTitle(data?.title ?? null);
  if (isError) return <Missing />;
  if (!data) return <Loading />;
  return (
    <main data-page="menews" className={styles.card}>
      <article>
        <h1>{data.title}</h1>
        <p className={styles.intro}>
          <time dateTime={data.create_time.slice(0, 10)}>{data.create_time.slice(0, 10)}</time>
        </p>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: fitHeadings(data.content) }} />
      </article>
      <nav className={styles.pager} aria-label="上一篇 / 下一篇" data-testid="pager">
        <Neighbour to={data.upId ? `/move/news/${data.upId}.html` : null} label="上一篇" name={data.uptitle} />
        <Neighbour to={data.downId ? `/move/news/${data.downId}.html` : null} label="下一篇" name={data.downtitle} />
      </nav>
    </main>
  );
}
