import { PROCESS_STEPS, responsiveImage, ROUTE_TITLES } from '@site/shared-types';
import { defineRoute, read, useRouteData } from '@site/platform';
import { LeadCallout } from '../../common/lead-callout';
import { Loading } from '../../common/page-states';
import page from '../../common/page.module.css';
import styles from './about.module.css';

function AboutPage() {
  const { data } = useRouteData(aboutRoute).about;
  if (!data) return <Loading />;
  return (
    <main data-page="mezhy" className={page.article}>
      <img
        className={page.hero}
        {...responsiveImage(data.profile.img, '100vw')}
        alt={data.profile.title}
        width={800}
        height={520}
      />
      <h1>{data.profile.title}</h1>
      <p className={page.intro}>{data.profile.subtitle}</p>
      {data.profile.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <LeadCallout />
      <h2>{data.culture.title}</h2>
      {data.culture.items.map((item) => (
        <section key={item.title} className={styles.culture}>
          <h3>{item.title}</h3>
          <p>{item.intro}</p>
        </section>
      ))}
      <h2>{data.process.title}</h2>
      <ol className={styles.stepList} data-testid="process-steps">
        {PROCESS_STEPS.map((step) => (
          <li key={step.name} style={{ color: step.color }}>
            <span>{step.name}</span>
          </li>
        ))}
      </ol>
      <h2>{data.honours.title}</h2>
      <ul className={styles.honours}>
        {data.honours.items.map((item) => (
          <li key={item.title}>
            {/* The caption names the picture: an alt text would say it twice. */}
            <img {...responsiveImage(item.img, '50vw')} alt="" width={600} height={420} loading="lazy" />
            <span>{item.title}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}

/** `/move/zhy.html`: about us — profile, brand culture, process and honours. */
export const aboutRoute = defineRoute({
  name: 'mezhy',
  Page: AboutPage,
  load: () => ({ about: read('about') }),
  head: () => ({ title: ROUTE_TITLES.mezhy ?? null }),
});
