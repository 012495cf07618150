import { Link } from '@site/platform';
import styles from './details.module.css';

/** Previous / next; a long title ends in an ellipsis inside its own box (a flex item's text is never cut). */
export function Neighbour({ to, label, name }: { to: string | null; label: string; name: string | null }) {
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
