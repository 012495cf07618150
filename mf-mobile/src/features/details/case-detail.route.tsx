import { caseHead, fitHeadings, responsiveImage, routePath } from '@site/shared-types';
import { defineRoute, read, useRouteData } from '@site/platform';
import { Loading, NotFoundPage } from '../../common/page-states';
import page from '../../common/page.module.css';
import { Neighbour } from './neighbour';
import styles from './details.module.css';

const caseAddress = (id: number | null) => (id ? routePath('mobile', 'medetails', id) : null);

function CaseDetailPage() {
  const { data, isError } = useRouteData(caseDetailRoute).detail;
  if (isError) return <NotFoundPage />;
  if (!data) return <Loading />;
  return (
    <main data-page="medetails" className={page.card}>
      <article>
        <h1>{data.name}</h1>
        <p className={page.intro}>
          {data.scene} · {data.create_time}
        </p>
        <img
          className={page.hero}
          {...responsiveImage(data.img, '100vw')}
          alt={`${data.name}封面`}
          width={800}
          height={600}
          data-testid="case-cover"
        />
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: fitHeadings(data.content) }} />
        {data.banner.map((shot, index) => (
          <img
            key={shot.url}
            className={page.hero}
            {...responsiveImage(shot.url, '100vw')}
            alt={`${data.name} 截图 ${index + 1}`}
            width={1200}
            height={750}
            loading="lazy"
            decoding="async"
          />
        ))}
      </article>
      <nav className={styles.pager} aria-label="上一个 / 下一个案例" data-testid="pager">
        <Neighbour to={caseAddress(data.upId)} label="上一个" name={data.upname} />
        <Neighbour to={caseAddress(data.downId)} label="下一个" name={data.downname} />
      </nav>
    </main>
  );
}

/** `/move/details/{id}.html`: a case — cover, text, screenshots — with its neighbours; 404 when there is none. */
export const caseDetailRoute = defineRoute({
  name: 'medetails',
  Page: CaseDetailPage,
  load: ({ id }) => ({ detail: read('caseDetail', { case: id ?? 0 }) }),
  head: ({ detail }) => caseHead(detail),
});
