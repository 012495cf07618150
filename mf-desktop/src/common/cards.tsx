import { Link } from '@site/platform';
import {
  responsiveImage,
  routePath,
  truncateName,
  withQuery,
  type CaseSummary,
  type NewsSummary,
} from '@site/shared-types';
import styles from './cards.module.css';

type CaseCardData = Pick<CaseSummary, 'id' | 'img' | 'name' | 'scene'>;

/** A case card: cover, name (cut after 30 characters), scene; opens the case with the list it came from. */
export function CaseCard({ item, casemenu }: { item: CaseCardData; casemenu: number }) {
  return (
    <Link
      className={styles.caseCard}
      to={withQuery(routePath('desktop', 'details', item.id), { casemenu })}
      title={item.name}
    >
      <span className={styles.cover}>
        <img
          {...responsiveImage(item.img, '400px')}
          alt={item.name}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
        />
      </span>
      <strong>{truncateName(item.name)}</strong>
      <span className={styles.scene}>{item.scene}</span>
    </Link>
  );
}

export function CaseGrid({ cases, casemenu }: { cases: CaseCardData[]; casemenu: number }) {
  return (
    <ul className={styles.caseGrid} data-testid="case-list">
      {cases.map((item) => (
        <li key={item.id}>
          <CaseCard item={item} casemenu={casemenu} />
        </li>
      ))}
    </ul>
  );
}

type NewsRowData = Pick<NewsSummary, 'id' | 'title' | 'intro' | 'create_time'> & { img?: string };

/** A news row: the day large on top and the year-month below it (docs/behaviour.md#list-pages), title and intro. */
export function NewsRows({ news }: { news: NewsRowData[] }) {
  return (
    <ul className={styles.newsRows} data-testid="news-list">
      {news.map((item) => {
        const [year = '', month = '', day = ''] = item.create_time.slice(0, 10).split('-');
        return (
          <li key={item.id}>
            <Link to={routePath('desktop', 'news', item.id)}>
              <time dateTime={item.create_time.slice(0, 10)}>
                <b>{day}</b>
                <span>
                  {year}-{month}
                </span>
              </time>
              <span className={styles.newsText}>
                <strong>{item.title}</strong>
                <em>{item.intro}</em>
              </span>
              {item.img ? (
                <img
                  {...responsiveImage(item.img, '200px')}
                  alt=""
                  width={200}
                  height={130}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
