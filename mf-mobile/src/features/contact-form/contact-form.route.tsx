import { useState, type FormEvent } from 'react';
import { EMAIL_PATTERN, PHONE_PATTERN, ROUTE_TITLES, type LeaveWordRequest } from '@site/shared-types';
import {
  type ApiError,
  defineRoute,
  notify,
  publicApi,
  read,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useRouteData,
} from '@site/platform';
import { ContactCard } from '../../common/contact-card';
import page from '../../common/page.module.css';
import { draftSent, draftTyped, selectLeadDraft, type LeadDraft, type LeadField } from './lead-draft-slice';
import styles from './contact-form.module.css';

const LIMITS: Record<LeadField, number> = { name: 30, phone: 30, email: 254, address: 200, content: 1000 };

/** The same rules the server applies (POST /api/leaveword), with the same Chinese messages. */
function validateLead(values: LeadDraft): Partial<Record<LeadField, string>> {
  const errors: Partial<Record<LeadField, string>> = {};
  const name = values.name.trim();
  const phone = values.phone.trim();
  const email = values.email.trim();
  if (!name) errors.name = '请填写姓名';
  else if (name.length > LIMITS.name) errors.name = `姓名不能超过${LIMITS.name}个字`;
  if (!phone) errors.phone = '请填写电话';
  else if (!PHONE_PATTERN.test(phone)) errors.phone = '请填写正确的手机号或固定电话';
  if (email && !EMAIL_PATTERN.test(email)) errors.email = '请填写正确的邮箱地址';
  if (values.address.trim().length > LIMITS.address) errors.address = `地址不能超过${LIMITS.address}个字`;
  if (!values.content.trim()) errors.content = '请填写留言内容';
  else if (values.content.trim().length > LIMITS.content) errors.content = `留言内容不能超过${LIMITS.content}个字`;
  return errors;
}

/**
 * The contact form (docs/behaviour.md#contact-form). A lead reaches the database (docs/decisions.md, "Contact
 * form"): checked in the browser with the server's rules, sent once (the button waits for the answer), with
 * the outcome shown. What is typed is kept in the store until it is sent. `website` is a honeypot people never
 * see.
 */
function ContactFormPage() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const contact = useRouteData(contactFormRoute).contact.data;
  const [send, { isLoading }] = publicApi.useLeaveWordMutation();
  const values = useAppSelector(selectLeadDraft);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<LeadField, string>>>({});
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const change = (field: LeadField) => (event: { target: { value: string } }) => {
    dispatch(draftTyped({ field, value: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found = validateLead(values);
    setErrors(found);
    setOutcome(null);
    const first = (Object.keys(found) as LeadField[])[0];
    if (first) {
      document.getElementById(`lead-${first}`)?.focus();
      return;
    }
    const lead: LeaveWordRequest = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      email: values.email.trim() || undefined,
      address: values.address.trim() || undefined,
      content: values.content.trim(),
      page: pathname,
      website: honeypot || undefined,
    };
    try {
      await send(lead).unwrap();
      dispatch(draftSent());
      setOutcome({ kind: 'ok', text: '提交成功，我们会尽快与您联系' });
      dispatch(notify('提交成功，我们会尽快与您联系', 'info'));
    } catch (error) {
      const failure = error as ApiError;
      const text = failure.kind === 'refused' ? failure.message : '提交失败，请检查网络后重试';
      setOutcome({ kind: 'error', text });
    }
  };

  const field = (name: LeadField, label: string, input: 'input' | 'textarea', type = 'text', required = false) => {
    const control = {
      id: `lead-${name}`,
      name,
      maxLength: LIMITS[name],
      value: values[name],
      onChange: change(name),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? `lead-${name}-error` : undefined,
      required,
    };
    return (
      <div className={styles.field}>
        <label htmlFor={`lead-${name}`}>
          {label}
          {required ? <em aria-hidden="true">*</em> : null}
        </label>
        {input === 'textarea' ? (
          <textarea {...control} rows={5} />
        ) : (
          <input
            {...control}
            type={type}
            autoComplete={
              name === 'name' ? 'name' : name === 'phone' ? 'tel' : name === 'email' ? 'email' : 'address-line1'
            }
          />
        )}
        {errors[name] ? (
          <p className={styles.fieldError} id={`lead-${name}-error`} role="alert">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <main data-page="meabout" className={page.article}>
      <h1>在线留言</h1>
      <p className={page.intro}>{contact?.intro ?? '留下您的需求，专属顾问将在一个工作日内与您联系。'}</p>
      <form className={styles.form} onSubmit={submit} noValidate data-testid="lead-form">
        {field('name', '姓名', 'input', 'text', true)}
        {field('phone', '电话', 'input', 'tel', true)}
        {field('email', '邮箱', 'input', 'email')}
        {field('address', '地址', 'input')}
        {field('content', '留言内容', 'textarea', 'text', true)}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="lead-website">网站</label>
          <input
            id="lead-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </div>
        <button type="submit" className={styles.submit} disabled={isLoading}>
          {isLoading ? '正在提交…' : '提交留言'}
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
      {contact ? <ContactCard contact={contact} /> : null}
    </main>
  );
}

/** `/move/about.html`: the contact form, then the contact details. */
export const contactFormRoute = defineRoute({
  name: 'meabout',
  Page: ContactFormPage,
  load: () => ({ contact: read('contact') }),
  head: () => ({ title: ROUTE_TITLES.meabout ?? null }),
});
