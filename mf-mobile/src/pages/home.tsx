import type { CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { CAROUSEL, HOME_LIMITS, PROCESS_STEPS } from '@site/shared-types';
import { publicApi, usePageTitle } from '@site/platform';
import { ROUTE_TITLES } from '../prefetch';
import { CaseList } from './cards';
import { Loading } from './missing';
import styles from './pages.module.css';

function Banner() {
  const header = publicApi.useHeaderQuery().data;
  if (!header || header.banner.length === 0) return null;
  return (
    <section className={styles.banner} aria-label="首页横幅" data-testid="banner">
      <Swiper
        modules={[Autoplay, Pagination]}
        slidesPerView={1}
        loop={header.banner.length > 1}
        speed={CAROUSEL.home.speed}
        autoplay={{ delay: 4000, disableOnInteraction: false }}
        pagination={{ clickable: true }}
      >
        {header.banner.map((slide, index) => (
          <SwiperSlide key={slide.id}>
            <Link to={slide.link ? `/move${slide.link}` : '/move/index.html'}>
              <img
                src={slide.pic}
                alt={slide.title}
                width={1920}
                height={600}
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
              />
            </Link>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}

/** The four service tiles; each opens its service's case list. */
export function ServiceTiles() {
  const { data } = publicApi.useHomeQuery();
  if (!data) return <Loading />;
  return (
    <ul className={styles.tiles} data-testid="service-tiles">
      {data.service.slice(0, HOME_LIMITS.services).map((service) => (
        <li key={service.id}>
          <Link to={`/move/items/${service.id}.html`}>
            <img src={service.img} alt="" width={40} height={40} loading="lazy" />
            <strong>{service.name}</strong>
            <span>{service.intro[0]}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function HomePage() {
  usePageTitle(ROUTE_TITLES.meindex);
  const { data } = publicApi.useHomeQuery();
  if (!data) return <Loading />;
  return (
    <main data-page="meindex">
      <h1 className={styles.visuallyHidden}>网站建设、新媒体营销、软件开发与品牌设计</h1>
      <Banner />
      <section className={styles.card}>
        <h2>我们的服务</h2>
        <ServiceTiles />
      </section>
      <section className={styles.card}>
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
      <section className={styles.card}>
        <h2>{data.success.title}</h2>
        <CaseList cases={data.success.content.slice(0, HOME_LIMITS.successCases)} />
        <Link className={styles.more} to="/move/case.html">
          查看更多案例
        </Link>
      </section>
      <section className={styles.card}>
        <h2>合作伙伴</h2>
        <ul className={styles.logos} data-testid="partner-logos">
          {data.client.slice(0, HOME_LIMITS.clientLogos).map((client) => (
            <li key={client.id}>
              <img src={client.img} alt={client.name} width={240} height={120} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export function ServicesPage() {
  usePageTitle(ROUTE_TITLES.fwxm);
  return (
    <main data-page="fwxm">
      <section className={styles.card}>
        <h1>服务项目</h1>
        <p className={styles.intro}>选择一项服务，查看我们为客户完成的案例。</p>
        <ServiceTiles />
      </section>
    </main>
  );
}
