import { Link } from '@site/platform';
import { responsiveImage, routePath, truncateName, type CaseSummary } from '@site/shared-types';
import styles from './cards.module.css';

type CaseCardData = Pick<CaseSummary, 'id' | 'img' | 'name' | 'scene'>;

/**
 * Case cards two by two: cover, name (cut after 30 characters), scene; each opens the case.
 * - `featured`: the first card spans both columns (the case list's lead case). Its cover is then the first screen's
 *   largest picture, drawn from the server's HTML, not a card the list loads a second later (docs/decisions.md).
 * - `eager`: covers on a phone's first screen, fetched at once (the first two with high priority); the others wait
 *   until they near the screen.
 */
export function CaseList({
  cases,
  eager = 0,
  featured = false,
}: {
  cases: CaseCardData[];
  eager?: number;
  featured?: boolean;
}) {
  return (
    <ul className={featured ? `${styles.cases} ${styles.featured}` : styles.cases} data-testid="case-list">
      {cases.map((item, index) => (
        <li key={item.id}>
          <Link to={routePath('mobile', 'medetails', item.id)}>
            <img
              {...responsiveImage(item.img, featured && index === 0 ? '100vw' : '50vw')}
              alt={item.name}
              width={800}
              height={600}
              loading={index < eager ? 'eager' : 'lazy'}
              fetchPriority={index < Math.min(eager, 2) ? 'high' : undefined}
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
