import { Link } from '@site/platform';
import styles from './details.module.css';

/**
 * Previous / next: a link to the neighbour, or a disabled button when there is none (docs/behaviour.md#detail-pages).
 */
export function Neighbour({ to, label, name }: { to: string | null; label: string; name: string | null }) {
  if (!to) {
    return (
      <button type="button" className={styles.neighbour} disabled>
        {label}：没有了
      </button>
    );
  }
  return (
    <Link className={styles.neighbour} to={to} title={name ?? undefined}>
      {label}：{name}
    </Link>
  );
}
