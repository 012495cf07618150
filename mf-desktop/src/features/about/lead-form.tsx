import { useEffect, useRef } from 'react';
import { LEAD_FORM_ANCHOR, LEAD_LIMITS, LEAD_TEXTS, type LeadField } from '@site/shared-types';
import { LeadHoneypot, leadFieldId, useLeadForm, useLocation } from '@site/platform';
import styles from './lead-form.module.css';

const AUTOCOMPLETE: Partial<Record<LeadField, string>> = {
  name: 'name',
  phone: 'tel',
  email: 'email',
  address: 'address-line1',
};

function CheckIcon() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
      <circle cx="24" cy="24" r="24" fill="#e6f6ee" />
      <path d="m15 24.5 6 6 12-13" fill="none" stroke="#167a4a" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * 在线留言 on the about page's contact section (docs/behaviour.md#about-page). What it checks, sends and answers is
 * the platform's `useLeadForm`, the same as the mobile contact form; this draws it for the desktop: two fields a
 * row, the errors under their fields, a success panel in place of the form once sent.
 */
export default function LeadForm() {
  const form = useLeadForm();
  const { pathname } = useLocation();
  const { values, errors, outcome } = form;
  const success = useRef<HTMLDivElement>(null);
  const sent = outcome?.kind === 'ok';

  useEffect(() => {
    // The button the visitor pressed is gone: the focus goes to what replaced it.
    if (sent) success.current?.focus();
  }, [sent]);

  const field = (
    name: LeadField,
    label: string,
    options: { type?: string; required?: boolean; wide?: boolean } = {},
  ) => {
    const id = leadFieldId(name);
    const control = {
      id,
      name,
      maxLength: LEAD_LIMITS[name],
      value: values[name],
      onChange: form.change(name),
      required: options.required,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `${id}-error` : undefined,
    };
    return (
      <div className={options.wide ? `${styles.field} ${styles.wide}` : styles.field}>
        <label htmlFor={id}>
          {label}
          {options.required ? (
            <span className={styles.mark} aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
        {name === 'content' ? (
          <textarea {...control} rows={5} placeholder="请简单描述您的需求，例如项目类型、预算和期望上线时间" />
        ) : (
          <input {...control} type={options.type ?? 'text'} autoComplete={AUTOCOMPLETE[name]} />
        )}
        {errors[name] ? (
          <p className={styles.error} id={`${id}-error`} role="alert">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <div className={styles.card}>
      <h3 id="lead-form-title">{LEAD_TEXTS.title}</h3>
      <p className={styles.intro}>{LEAD_TEXTS.intro}</p>
      {sent ? (
        <div className={styles.success} ref={success} tabIndex={-1} role="status" data-testid="lead-outcome">
          <CheckIcon />
          <strong>{outcome.text}</strong>
          {/* A link, so that it brings back an empty form without the application too. */}
          <a
            className={styles.again}
            href={`${pathname}#${LEAD_FORM_ANCHOR}`}
            onClick={(event) => {
              event.preventDefault();
              form.dismiss();
            }}
          >
            {LEAD_TEXTS.again}
          </a>
        </div>
      ) : (
        // Sent by the browser itself before the application runs (or without JavaScript): the server answers.
        <form
          method="post"
          className={styles.form}
          aria-labelledby="lead-form-title"
          onSubmit={(event) => void form.submit(event)}
          noValidate
          data-testid="lead-form"
        >
          {field('name', '姓名', { required: true })}
          {field('phone', '电话', { type: 'tel', required: true })}
          {field('email', '邮箱', { type: 'email' })}
          {field('address', '地址')}
          {field('content', '留言内容', { required: true, wide: true })}
          <LeadHoneypot form={form} />
          <div className={`${styles.actions} ${styles.wide}`}>
            <button type="submit" className={styles.submit} disabled={form.sending}>
              {form.sending ? LEAD_TEXTS.sending : LEAD_TEXTS.submit}
            </button>
            <span className={styles.hint}>带 * 的为必填项</span>
          </div>
          {outcome ? (
            <p className={`${styles.failure} ${styles.wide}`} role="status" data-testid="lead-outcome">
              {outcome.text}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}
