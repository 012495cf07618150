import { useEffect, useState } from 'react';
import { CAROUSEL, LEAD_FORM_ANCHOR, responsiveImage, ROUTE_TITLES, type ContactData } from '@site/shared-types';
import { defineRoute, island, read, readSiteConfig, useRouteData } from '@site/platform';
import { Carousel } from '../../common/carousel';
import { Loading } from '../../common/page-states';
import { PageBanner } from '../../common/page-banner';
import { ProcessSteps } from '../../common/process-steps';
import styles from './about.module.css';

/** The page's sections with code of their own (docs/decisions.md "Islands"). */
const LeadForm = island('lead-form', () => import('./lead-form'));
const SideTab = island('side-tab', () => import('./side-tab'), 'scroll');

/** A drawn map card (no provider, or offline): the address and a link to a map site. */
function MapCard({ contact }: { contact: ContactData }) {
  const { lng, lat } = contact.map;
  const amap = `https://uri.amap.com/marker?position=${lng},${lat}&name=${encodeURIComponent(contact.company)}`;
  return (
    <div className={styles.mapCard} data-testid="map-fallback">
      <svg viewBox="0 0 600 320" className={styles.mapDrawing} aria-hidden="true">
        <rect width="600" height="320" fill="#e8f0fb" />
        <path d="M0 210 C120 180 220 250 340 220 S520 160 600 190 V320 H0Z" fill="#d3e4f8" />
        <path
          d="M40 0 V320 M200 0 V320 M380 0 V320 M540 0 V320 M0 70 H600 M0 150 H600 M0 260 H600"
          stroke="#fff"
          strokeWidth="10"
        />
        <path d="M0 110 C160 90 300 130 600 100" stroke="#f7d38a" strokeWidth="12" fill="none" />
        <circle cx="300" cy="150" r="34" fill="#2f7cf6" opacity="0.18" />
        <path d="M300 118c-17 0-30 13-30 30 0 22 30 50 30 50s30-28 30-50c0-17-13-30-30-30z" fill="#2f7cf6" />
        <circle cx="300" cy="148" r="11" fill="#fff" />
      </svg>
      <div className={styles.mapInfo}>
        <strong>{contact.company}</strong>
        <span>{contact.address}</span>
        <a href={amap} target="_blank" rel="noopener noreferrer">
          在地图中查看
        </a>
      </div>
    </div>
  );
}

/**
 * The map centred on the company at zoom 14. The configured provider is embedded after the page is running
 * (never during rendering: the server render has no page configuration); without one, or until then, the
 * drawn card stands in, so the block is never broken.
 */
function CompanyMap({ contact }: { contact: ContactData }) {
  const [provider, setProvider] = useState<'none' | 'osm'>('none');
  useEffect(() => {
    setProvider(readSiteConfig().map.provider);
  }, []);
  if (provider !== 'osm') return <MapCard contact={contact} />;
  const { lng, lat, zoom } = contact.map;
  // The bounding box of zoom level `zoom` around the point, for a 600 × 320 frame.
  const span = 360 / 2 ** zoom;
  const bbox = [lng - span, lat - span / 2, lng + span, lat + span / 2].map((n) => n.toFixed(5)).join(',');
  return (
    <iframe
      className={styles.mapFrame}
      title={`${contact.company}位置地图`}
      src={`https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${lat},${lng}`}
      loading="lazy"
      data-testid="map-embed"
    />
  );
}

function AboutPage() {
  const loaded = useRouteData(aboutRoute);
  const about = loaded.about.data;
  const contact = loaded.contact.data;
  if (!about || !contact) return <Loading />;
  return (
    <main data-page="about" className={styles.page}>
      {/* The page is 关于我们; the profile's own title heads its section below, so it is not said twice. */}
      <PageBanner title={ROUTE_TITLES.about ?? '关于我们'} intro={about.profile.subtitle} />
      <SideTab labels={['关于我们', about.culture.title, about.process.title, about.honours.title]} />

      <section className={styles.profile} aria-labelledby="about-profile">
        <div className={styles.profileText}>
          <h2 id="about-profile">{about.profile.title}</h2>
          {about.profile.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
        <img
          {...responsiveImage(about.profile.img, '600px')}
          alt={about.profile.title}
          width={800}
          height={520}
          loading="lazy"
        />
      </section>

      <section className={styles.band} aria-labelledby="about-culture">
        <div className={styles.inner}>
          <h2 id="about-culture">{about.culture.title}</h2>
          <p className={styles.intro}>{about.culture.intro}</p>
          <ul className={styles.culture}>
            {about.culture.items.map((item) => (
              <li key={item.title}>
                <img {...responsiveImage(item.img, '400px')} alt="" width={600} height={400} loading="lazy" />
                <h3>{item.title}</h3>
                <p>{item.intro}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={styles.inner} aria-labelledby="about-process">
        <h2 id="about-process">{about.process.title}</h2>
        <ProcessSteps intro={about.process.intro} />
      </section>

      <section className={styles.band} aria-labelledby="about-honours">
        <div className={styles.inner}>
          <h2 id="about-honours">{about.honours.title}</h2>
          <p className={styles.intro}>{about.honours.intro}</p>
          <Carousel
            label="荣誉证书轮播"
            testId="honours"
            layout="three"
            items={
              about.honours.items.length < 6 ? [...about.honours.items, ...about.honours.items] : about.honours.items
            }
            itemKey={(item) => item.title + item.img}
            autoplayMs={CAROUSEL.about.autoplayMs}
            speed={CAROUSEL.about.speed}
            render={(item) => (
              <figure className={styles.honour}>
                <img {...responsiveImage(item.img, '400px')} alt={item.title} width={600} height={420} loading="lazy" />
                <figcaption>{item.title}</figcaption>
              </figure>
            )}
          />
        </div>
      </section>

      <section className={styles.inner} id={LEAD_FORM_ANCHOR} aria-labelledby="about-contact">
        <h2 id="about-contact">联系我们</h2>
        <p className={styles.intro}>{contact.intro}</p>
        <div className={styles.contact}>
          <div className={styles.contactDetails}>
            <dl className={styles.contactList}>
              <dt>公司</dt>
              <dd>{contact.company}</dd>
              <dt>地址</dt>
              <dd>{contact.address}</dd>
              <dt>电话</dt>
              <dd>
                {contact.phones.map((phone) => (
                  <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                    {phone}
                  </a>
                ))}
              </dd>
              <dt>邮箱</dt>
              <dd>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </dd>
              <dt>时间</dt>
              <dd>{contact.workTime}</dd>
            </dl>
            <CompanyMap contact={contact} />
          </div>
          <LeadForm />
        </div>
      </section>
    </main>
  );
}

/**
 * `/about.html`: the company, its culture, process and honours, and the contact section: the contact details with
 * the map, beside the 在线留言 form (`#message`).
 */
export const aboutRoute = defineRoute({
  name: 'about',
  Page: AboutPage,
  load: () => ({ about: read('about'), contact: read('contact') }),
  head: () => ({ title: ROUTE_TITLES.about ?? null }),
});
