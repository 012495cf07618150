import { App as AntApp, Button, Card, Form, Input } from 'antd';
import md5 from 'md5';
import {
  selectSiteName,
  tokenReceived,
  useAppDispatch,
  useAppSelector,
  useNavigate,
  usePageTitle,
} from '@site/platform';
import { adminApi } from '../../admin-api';
import styles from './login.module.css';

interface Credentials {
  email: string;
  password: string;
}

/**
 * `/admin/`: the login dialog (docs/behaviour.md#login). Fields are checked on blur; a submit with a missing field
 * opens a dialog asking for account and password; the password leaves the browser as its MD5 only; success says
 * 登陆成功, keeps the token in sessionStorage (the store mirrors it) and opens the back office. Closing the
 * dialog asks 确认关闭？ and goes back to the site.
 */
export function LoginScreen() {
  usePageTitle('管理后台登录');
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { message, modal } = AntApp.useApp();
  const [login, { isLoading }] = adminApi.useLoginMutation();
  const [form] = Form.useForm<Credentials>();

  const submit = async (values: Credentials) => {
    // Enter pressed again while the first attempt is on its way sends nothing more.
    if (isLoading) return;
    try {
      const { token } = await login({ email: values.email.trim(), password: md5(values.password) }).unwrap();
      dispatch(tokenReceived(token));
      void message.success('登陆成功');
      void navigate('/admin/index', { replace: true });
    } catch {
      // The server's refusal (wrong password, throttling) is already shown as a notice.
    }
  };

  const close = () =>
    modal.confirm({
      title: '确认关闭？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => window.location.assign('/'),
    });

  return (
    <main className={styles.loginPage} data-page="login">
      <Card
        className={styles.loginCard}
        title={`${siteName} 管理后台`}
        extra={
          <Button type="text" aria-label="关闭登录" onClick={close}>
            ×
          </Button>
        }
        role="dialog"
        aria-label="管理员登录"
      >
        <Form
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          onFinish={submit}
          onFinishFailed={() => modal.warning({ title: '提示', content: '请输入账号和密码', okText: '知道了' })}
          requiredMark={false}
        >
          <Form.Item label="邮箱" name="email" rules={[{ required: true, whitespace: true, message: '邮箱不能为空' }]}>
            <Input autoComplete="username" placeholder="请输入邮箱" autoFocus />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '密码不能为空' }]}>
            <Input.Password autoComplete="current-password" placeholder="请输入密码" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            登录
          </Button>
        </Form>
      </Card>
    </main>
  );
}
