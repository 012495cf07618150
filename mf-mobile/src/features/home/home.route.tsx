import type { CSSProperties } from 'react';
// Swiper's stylesheets for the banner (`banner.tsx`), here so they come before this page's, which adjusts them.
import 'swiper/css';
import 'swiper/css/pagination';
import { HOME_LIMITS, PROCESS_STEPS, responsiveImage, ROUTE_TITLES, routePath } from '@site/shared-types';
import { defineRoute, island, Link, read, useRouteData } from '@site/platform';
import { CaseList } from '../../common/cards';
import { LeadCallout } from '../../common/lead-callout';
import { Loading } from '../../common/page-states';
import { ServiceTiles } from '../../common/service-tiles';
import page from '../../common/page.module.css';
import styles from './home.module.css';

/** The banner carousel, as an island (docs/decisions.md "Islands"): the first-view script steps it until touched. */
const Banner = island('banner', () => import('./banner'));

function HomePage() {
  const { data } = useRouteData(homeRoute).home;
  if (!data) return <Loading />;
  return (
    <main data-page="meindex">
      <h1 className={styles.visuallyHidden}>网站建设、新媒体营销、软件开发与品牌设计</h1>
      <Banner />
      <section className={page.card}>
        <h2>我们的服务</h2>
        <ServiceTiles services={data.service} />
      </section>
      <LeadCallout />
      <section className={page.card}>
        <h2>服务流程</h2>
        <ol className={styles.steps} data-testid="process-steps">
          {PROCESS_STEPS.map((step, index) => (
            <li key={step.name} style={{ '--step-color': step.color } as CSSProperties}>
              <b>{String(index + 1).padStart(2, '0')}</b>
              {step.name}
            </li>
          ))}
        </ol>
      </section>
      <section className={page.card}>
        <h2>{data.success.title}</h2>
        <CaseList cases={data.success.content.slice(0, HOME_LIMITS.successCases)} />
        <Link className={styles.more} to={routePath('mobile', 'mecase')}>
          查看更多案例
        </Link>
      </section>
      <section className={page.card}>
        <h2>合作伙伴</h2>
        <ul className={styles.logos} data-testid="partner-logos">
          {data.client.slice(0, HOME_LIMITS.clientLogos).map((client) => (
            <li key={client.id}>
              <img
                {...responsiveImage(client.img, '30vw')}
                alt={client.name}
                width={240}
                height={120}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

/** `/move/`, `/move/index.html`: banner, services, process, success cases and partners. */
export const homeRoute = defineRoute({
  name: 'meindex',
  Page: HomePage,
  load: () => ({ home: read('home') }),
  head: () => ({ title: ROUTE_TITLES.meindex ?? null }),
});
