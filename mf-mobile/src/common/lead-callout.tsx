import { LEAD_TEXTS, routePath } from '@site/shared-types';
import { Link } from '@site/platform';
import styles from './lead-callout.module.css';

/** Where the contact form is (docs/behaviour.md#mobile-pages). */
export const CONTACT_FORM_PATH = routePath('mobile', 'meabout');

/**
 * The call to the contact form (在线留言) on the pages a visitor reads before getting in touch: the home, 关于我们
 * and 联系我们. A lead is what the site is for, so the form is one tap from each.
 */
export function LeadCallout({ title = '告诉我们您的需求' }: { title?: string }) {
  return (
    <section className={styles.callout} aria-labelledby="lead-callout-title" data-testid="lead-callout">
      <div className={styles.text}>
        <h2 id="lead-callout-title">{title}</h2>
        <p>{LEAD_TEXTS.intro}</p>
      </div>
      <Link className={styles.button} to={CONTACT_FORM_PATH}>
        {LEAD_TEXTS.title}
      </Link>
    </section>
  );
}
