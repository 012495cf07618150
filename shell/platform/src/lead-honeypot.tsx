import { leadFieldId, type LeadForm } from './lead-form';
import styles from './lead-honeypot.module.css';

/**
 * The contact form's `website` field, which people never see and bots fill in (a lead with it filled is answered
 * like a success and dropped): off-screen, out of the tab order, hidden from assistive technology.
 */
export function LeadHoneypot({ form }: { form: LeadForm }) {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor={leadFieldId('website')}>网站</label>
      <input
        id={leadFieldId('website')}
        name="website"
        tabIndex={-1}
        autoComplete="off"
        value={form.honeypot}
        onChange={(event) => form.setHoneypot(event.target.value)}
      />
    </div>
  );
}
