import { LEAD_LIMITS, LEAD_TEXTS, type LeadField } from '@site/shared-types';
import { LeadHoneypot, leadFieldId, useLeadForm } from '@site/platform';
import styles from './contact-form.module.css';

const AUTOCOMPLETE: Partial<Record<LeadField, string>> = {
  name: 'name',
  phone: 'tel',
  email: 'email',
  address: 'address-line1',
};

/**
 * The contact form (docs/behaviour.md#contact-form). Its rules, sending and outcome are the platform's
 * (`useLeadForm`, shared with the desktop about page's form); this draws it for a phone. `website` is a
 * honeypot people never see.
 */
export default function LeadForm() {
  const form = useLeadForm();
  const { values, errors, outcome } = form;

  const field = (name: LeadField, label: string, input: 'input' | 'textarea', type = 'text', required = false) => {
    const id = leadFieldId(name);
    const control = {
      id,
      name,
      maxLength: LEAD_LIMITS[name],
      value: values[name],
      onChange: form.change(name),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `${id}-error` : undefined,
      required,
    };
    return (
      <div className={styles.field}>
        <label htmlFor={id}>
          {label}
          {required ? <em aria-hidden="true">*</em> : null}
        </label>
        {input === 'textarea' ? (
          <textarea {...control} rows={4} />
        ) : (
          <input {...control} type={type} autoComplete={AUTOCOMPLETE[name]} />
        )}
        {errors[name] ? (
          <p className={styles.fieldError} id={`${id}-error`} role="alert">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      {/* Sent by the browser itself before the application runs (or without JavaScript): the server answers. */}
      <form
        method="post"
        className={styles.form}
        onSubmit={(event) => void form.submit(event)}
        noValidate
        data-testid="lead-form"
      >
        {field('name', '姓名', 'input', 'text', true)}
        {field('phone', '电话', 'input', 'tel', true)}
        {field('email', '邮箱', 'input', 'email')}
        {field('address', '地址', 'input')}
        {field('content', '留言内容', 'textarea', 'text', true)}
        <LeadHoneypot form={form} />
        <button type="submit" className={styles.submit} disabled={form.sending}>
          {form.sending ? LEAD_TEXTS.sending : LEAD_TEXTS.submit}
        </button>
        {outcome ? (
          <p
            className={outcome.kind === 'ok' ? styles.success : styles.failure}
            role="status"
            data-testid="lead-outcome"
          >
            {outcome.text}
          </p>
        ) : null}
      </form>
    </>
  );
}
