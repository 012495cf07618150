import { Link } from '@site/platform';
import { responsiveImage, truncateName, type CaseSummary } from '@site/shared-types';
import styles from './cards.module.css';

type CaseCardData = Pick<CaseSummary, 'id' | 'img' | 'name' | 'scene'>;

/** Case cards two by two: cover, name (cut after 30 characters), scene; each opens the case. */
export function CaseList({ cases }: { cases: CaseCardData[] }) {
  return (
    <ul className={styles.cases} data-testid="case-list">
      {cases.map((item) => (
        <li key={item.id}>
          <Link to={`/move/details/${item.id}.html`}>
            <img
              {...responsiveImage(item.img, '50vw')}
              alt={item.name}
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
            />
            <strong>{truncateName(item.name)}</strong>
            <span>{item.scene}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
