import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  SCROLL_ANIMATION_MS,
  type ContactData,
  type LeaveWordRequest,
} from '@site/shared-types';
import { animateScrollTo, notify, publicApi, useAppDispatch, usePageTitle, type ApiError } from '@site/platform';
import { ROUTE_TITLES } from '../prefetch';
import { Loading } from './missing';
import styles from './pages.module.css';

type Field = 'name' | 'phone' | 'email' | 'address' | 'content';
type Values = Record<Field, string>;

const EMPTY: Values = { name: '', phone: '', email: '', address: '', content: '' };
const LIMITS: Record<Field, number> = { name: 30, phone: 30, email: 254, address: 200, content: 1000 };

/** The same rules the server applies (POST /api/leaveword), with the same Chinese messages. */
export function validateLead(values: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
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

function ContactCard({ contact }: { contact: ContactData }) {
  return (
    <address className={styles.contactCard} data-testid="contact-card">
      <strong>{contact.company}</strong>
      <span>地址：{contact.address}</span>
      {contact.phones.map((phone) => (
        <a key={phone} href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={styles.tapLine}>
          电话：{phone}
        </a>
      ))}
      <a href={`mailto:${contact.email}`} className={styles.tapLine}>
        邮箱：{contact.email}
      </a>
      <span>时间：{contact.workTime}</span>
    </address>
  );
}

/**
 * `about.html`: the contact form. The spec's save does nothing; here a lead reaches the database: checked in
 * the browser with the server's rules, sent once (the button waits for the answer), with the outcome shown.
 * `website` is a honeypot people never see.
 */
export function ContactFormPage() {
  usePageTitle(ROUTE_TITLES.meabout);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const contact = publicApi.useContactQuery().data;
  const [send, { isLoading }] = publicApi.useLeaveWordMutation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const found = validateLead(values);
    setErrors(found);
    setOutcome(null);
    const first = (Object.keys(found) as Field[])[0];
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
      setValues(EMPTY);
      setOutcome({ kind: 'ok', text: '提交成功，我们会尽快与您联系' });
      dispatch(notify('提交成功，我们会尽快与您联系', 'info'));
    } catch (error) {
      const failure = error as ApiError;
      const text = failure.kind === 'refused' ? failure.message : '提交失败，请检查网络后重试';
      setOutcome({ kind: 'error', text });
    }
  };

  const field = (name: Field, label: string, input: 'input' | 'textarea', type = 'text', required = false) => (
    <div className={styles.field}>
      <label htmlFor={`lead-${name}`}>
        {label}
        {required ? <em aria-hidden="true">*</em> : null}
      </label>
      {input === 'textarea' ? (
        <textarea
          id={`lead-${name}`}
          name={name}
          rows={5}
          maxLength={LIMITS[name]}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `lead-${name}-error` : undefined}
          required={required}
        />
      ) : (
        <input
          id={`lead-${name}`}
          name={name}
          type={type}
          maxLength={LIMITS[name]}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `lead-${name}-error` : undefined}
          required={required}
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

  return (
    <main data-page="meabout" className={styles.article}>
      <h1>在线留言</h1>
      <p className={styles.intro}>{contact?.intro ?? '留下您的需求，专属顾问将在一个工作日内与您联系。'}</p>
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

/** `us.html`: contact us — the company's details; the page scrolls itself to the bottom (spec §2). */
export function ContactPage() {
  usePageTitle(ROUTE_TITLES.meus);
  const contact = publicApi.useContactQuery().data;
  const about = publicApi.useAboutQuery().data;
  useEffect(() => {
    if (!contact) return;
    const frame = requestAnimationFrame(
      () => void animateScrollTo(document.documentElement.scrollHeight - window.innerHeight, SCROLL_ANIMATION_MS),
    );
    return () => cancelAnimationFrame(frame);
  }, [contact]);
  if (!contact) return <Loading />;
  return (
    <main data-page="meus">
      {about ? (
        <section className={styles.card}>
          <h2>{about.profile.title}</h2>
          {about.profile.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ) : null}
      <section className={styles.card}>
        <h1>联系我们</h1>
        <p className={styles.intro}>{contact.intro}</p>
        <ContactCard contact={contact} />
        <figure className={styles.qr}>
          <img
            src={contact.wechat.img}
            alt={`${contact.wechat.name}微信二维码`}
            width={160}
            height={160}
            loading="lazy"
          />
          <figcaption>微信扫一扫，关注{contact.wechat.name}</figcaption>
        </figure>
      </section>
    </main>
  );
}
