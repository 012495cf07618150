import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import md5 from 'md5';
import { routePath, TWO_STEP_NEEDED } from '@site/shared-types';
import {
  notify,
  selectSiteName,
  tokenReceived,
  useAppDispatch,
  useAppSelector,
  useNavigate,
  usePageTitle,
} from '@site/platform';
import { adminApi } from '../../admin-api';
import styles from './login.module.css';
import { PlainDialog } from './plain-dialog';

interface Credentials {
  email: string;
  password: string;
  /** The second step: asked for only once the server says the account uses two-step sign-in. */
  code: string;
}
type Field = keyof Credentials;

/** What each field needs, and what it says when that is missing. */
const RULES: Record<Field, (value: string) => string | undefined> = {
  email: (value) => (value.trim() ? undefined : '邮箱不能为空'),
  password: (value) => (value ? undefined : '密码不能为空'),
  code: (value) => (value.trim() ? undefined : '验证码不能为空'),
};

/**
 * `/admin/`: the login dialog (docs/behaviour.md#login). Fields are checked on blur; a submit with a missing field
 * opens a dialog asking for account and password; the password leaves the browser as its MD5 only; success says
 * 登陆成功, keeps the token in sessionStorage (the store mirrors it) and opens the back office. The card has no
 * close button: there is nothing behind it to return to (docs/decisions.md "The login card has no ×"). An account
 * with two-step sign-in is refused with `TWO_STEP_NEEDED` at first: a third field then asks for the authenticator's
 * code (or a recovery code), and the sign-in is sent again with it (docs/behaviour.md#two-step-sign-in).
 *
 * Plain HTML and CSS: the page is the back office's first view, so it carries no UI library
 * (docs/decisions.md "The back office's login carries no screen"); the screens after it use antd.
 */
export function LoginScreen() {
  usePageTitle('管理后台登录');
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = adminApi.useLoginMutation();
  const [values, setValues] = useState<Credentials>({ email: '', password: '', code: '' });
  const [codeAsked, setCodeAsked] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [missing, setMissing] = useState(false);
  const [passwordShown, setPasswordShown] = useState(false);

  const check = (field: Field, value = values[field]) =>
    setErrors((current) => ({ ...current, [field]: RULES[field](value) }));

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field already marked is checked again as it is corrected.
    if (errors[field]) check(field, value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Enter pressed again while the first attempt is on its way sends nothing more.
    if (isLoading) return;
    const found = { email: RULES.email(values.email), password: RULES.password(values.password) };
    if (found.email || found.password) {
      setErrors(found);
      setMissing(true);
      return;
    }
    const code = codeAsked ? values.code.replace(/\s+/g, '') : '';
    if (codeAsked && !code) {
      setErrors((current) => ({ ...current, code: RULES.code(code) }));
      document.getElementById('login-code')?.focus();
      return;
    }
    try {
      const { token } = await login({
        email: values.email.trim(),
        password: md5(values.password),
        ...(code ? { code } : {}),
      }).unwrap();
      dispatch(tokenReceived(token));
      dispatch(notify('登陆成功', 'success'));
      void navigate(routePath('admin', 'shell'), { replace: true });
    } catch (error) {
      // The server's refusal (wrong password or code, throttling) is already shown as a notice. Asked for the
      // second step, the form shows its field.
      if ((error as { message?: string }).message === TWO_STEP_NEEDED) {
        setCodeAsked(true);
        setValues((current) => ({ ...current, code: '' }));
      } else if (codeAsked) {
        setValues((current) => ({ ...current, code: '' }));
      }
    }
  };

  const field = (name: Field, label: string, input: ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={`login-${name}`}>{label}</label>
      {input}
      <p id={`login-${name}-error`} className={styles.error} role="alert">
        {errors[name]}
      </p>
    </div>
  );
  const inputProps = (name: Field) => ({
    id: `login-${name}`,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
    onBlur: () => check(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `login-${name}-error`,
  });

  return (
    <main className={styles.loginPage} data-page="login">
      <section className={styles.loginCard} role="dialog" aria-label="管理员登录">
        <header className={styles.cardHead}>
          <h1>{`${siteName} 管理后台`}</h1>
        </header>
        <form className={styles.cardBody} onSubmit={(event) => void submit(event)} noValidate>
          {field(
            'email',
            '邮箱',
            <input
              {...inputProps('email')}
              className={styles.input}
              type="email"
              autoComplete="username"
              placeholder="请输入邮箱"
              autoFocus
            />,
          )}
          {field(
            'password',
            '密码',
            <span className={styles.passwordBox} data-invalid={errors.password ? '' : undefined}>
              <input
                {...inputProps('password')}
                type={passwordShown ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder="请输入密码"
              />
              <button
                type="button"
                className={styles.eye}
                aria-label="明文显示"
                aria-pressed={passwordShown}
                onClick={() => setPasswordShown((shown) => !shown)}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path
                    d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
                    fill="currentColor"
                  />
                  {!passwordShown && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
                </svg>
              </button>
            </span>,
          )}
          {codeAsked &&
            field(
              'code',
              '验证码',
              <input
                {...inputProps('code')}
                className={styles.input}
                autoComplete="one-time-code"
                maxLength={20}
                placeholder="验证器中的 6 位数字，或一个恢复码"
                autoFocus
              />,
            )}
          <button type="submit" className={`${styles.button} ${styles.primary} ${styles.block}`} aria-busy={isLoading}>
            {isLoading && <span className={styles.spinner} aria-hidden="true" />}
            登录
          </button>
        </form>
      </section>
      {missing && (
        <PlainDialog title="提示" okText="知道了" onOk={() => setMissing(false)} onCancel={() => setMissing(false)}>
          请输入账号和密码
        </PlainDialog>
      )}
    </main>
  );
}
