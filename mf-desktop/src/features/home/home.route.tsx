import {
  CAROUSEL,
  DEFAULT_CASEMENU,
  DEFAULT_WEBCASE_ID,
  HOME_LIMITS,
  responsiveImage,
  ROUTE_TITLES,
  routePath,
} from '@site/shared-types';
import { defineRoute, Link, publicApi, read, useRouteData } from '@site/platform';
import { CaseCard, NewsRows } from '../../common/cards';
import { Carousel } from '../../common/carousel';
import { Loading } from '../../common/page-states';
import { ProcessSteps } from '../../common/process-steps';
import styles from './home.module.css';

/**
 * How long a banner slide stays (docs/behaviour.md#home-page): longer than a case slide, as a full-width banner reads
 * slower.
 */
const BANNER_AUTOPLAY_MS = 5000;
const WEBCASE = routePath('desktop', 'webcase', DEFAULT_WEBCASE_ID);

function Banner() {
  const header = publicApi.useHeaderQuery().data;
  // docs/behaviour.md#home-page: the banner slider only once the header has loaded.
  if (!header || header.banner.length === 0) return null;
  return (
    <Carousel
      label="首页横幅"
      testId="banner"
      layout="single"
      items={header.banner}
      itemKey={(slide) => slide.id}
      autoplayMs={BANNER_AUTOPLAY_MS}
      speed={CAROUSEL.home.speed}
      render={(slide, index) => {
        const picture = (
          <img
            className={styles.bannerImage}
            {...responsiveImage(slide.pic, '100vw')}
            alt={slide.title}
            width={1920}
            height={600}
            // The first slide is the page's largest picture: load it at once.
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : undefined}
          />
        );
        return slide.link ? <Link to={slide.link}>{picture}</Link> : picture;
      }}
    />
  );
}

function HomePage() {
  const { data } = useRouteData(homeRoute).home;
  if (!data) return <Loading />;
  const cases = data.success.content.slice(0, HOME_LIMITS.successCases);
  // swiper's loop needs more slides than it shows: repeat a short list.
  const slides = cases.length > 0 && cases.length < 6 ? [...cases, ...cases] : cases;
  const news = data.dynamic.content.viewpoint.content.slice(0, HOME_LIMITS.news);
  return (
    <main data-page="index">
      <h1 className={styles.visuallyHidden}>网站建设、新媒体营销、软件开发与品牌设计</h1>
      <Banner />

      <section className={styles.section} aria-labelledby="home-services">
        <header className={styles.sectionHead}>
          <h2 id="home-services">我们的服务</h2>
          <p className={styles.sectionIntro}>一站式互联网营销服务，从建站、运营到系统开发与品牌塑造</p>
        </header>
        <ul className={styles.services} data-testid="services">
          {data.service.slice(0, HOME_LIMITS.services).map((service) => (
            <li key={service.id}>
              <Link to={routePath('desktop', 'items', service.id)}>
                <img {...responsiveImage(service.img, '64px')} alt="" width={64} height={64} loading="lazy" />
                <h3>{service.name}</h3>
                <ul>
                  {service.intro.slice(0, 3).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
                <span className={styles.cardMore}>了解详情</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        className={`${styles.band} ${styles.success}`}
        style={data.success.background ? { backgroundImage: `url("${data.success.background}")` } : undefined}
        aria-labelledby="home-success"
      >
        <div className={styles.bandInner}>
          <header className={styles.sectionHead}>
            <h2 id="home-success">{data.success.title}</h2>
            <p className={styles.sectionIntro}>{data.success.intro}</p>
          </header>
          <Carousel
            label="成功案例轮播"
            testId="success-cases"
            layout="three"
            items={slides}
            itemKey={(item) => `${item.id}-${slides.indexOf(item)}`}
            autoplayMs={CAROUSEL.home.autoplayMs}
            speed={CAROUSEL.home.speed}
            render={(item) => <CaseCard item={item} casemenu={DEFAULT_CASEMENU} />}
          />
          <Link className={styles.more} to={WEBCASE}>
            了解更多
          </Link>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-process">
        <header className={styles.sectionHead}>
          <h2 id="home-process">服务流程</h2>
          <p className={styles.sectionIntro}>六步标准化流程，让每个项目按时、按质交付</p>
        </header>
        <ProcessSteps />
      </section>

      <section className={`${styles.band} ${styles.newsBand}`} aria-labelledby="home-news">
        <div className={styles.bandInner}>
          <header className={styles.sectionHead}>
            <h2 id="home-news">
              <Link to={routePath('desktop', 'itemnews')}>{data.dynamic.title}</Link>
            </h2>
            <p className={styles.sectionIntro}>{data.dynamic.intro}</p>
          </header>
          <NewsRows news={news} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-clients">
        <header className={styles.sectionHead}>
          <h2 id="home-clients">合作客户</h2>
          <p className={styles.sectionIntro}>携手各行业客户，共同成长</p>
        </header>
        <ul className={styles.clients} data-testid="client-logos">
          {data.client.slice(0, HOME_LIMITS.clientLogos).map((client) => (
            <li key={client.id}>
              <img
                {...responsiveImage(client.img, '240px')}
                alt={client.name}
                width={240}
                height={120}
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
        </ul>
        <Link className={styles.more} to={WEBCASE}>
          了解更多
        </Link>
      </section>
    </main>
  );
}

/** `/`: the home page (docs/behaviour.md#home-page). */
export const homeRoute = defineRoute({
  name: 'index',
  Page: HomePage,
  load: () => ({ home: read('home') }),
  head: () => ({ title: ROUTE_TITLES.index ?? null }),
});
