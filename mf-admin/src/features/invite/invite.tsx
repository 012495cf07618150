import { Alert, Button, Card, Descriptions, Form, Input, Result, Spin } from 'antd';
import md5 from 'md5';
import { queryParam, ROLE_NAMES, routePath } from '@site/shared-types';
import {
  notify,
  selectSiteName,
  tokenReceived,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
  usePageTitle,
} from '@site/platform';
import { adminApi } from '../../admin-api';
import styles from './invite.module.css';

interface Fields {
  name: string;
  password: string;
  confirm: string;
}

/**
 * `/admin/invite?token=…` (docs/behaviour.md#accounts-and-roles): what the invitation offers (e-mail and role), then
 * the new account's name and password, typed twice. The password leaves the browser as its MD5 only, like the
 * login's; accepting signs the new account in and opens the back office.
 */
export function InviteScreen() {
  usePageTitle('接受邀请');
  const siteName = useAppSelector(selectSiteName);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = queryParam(useLocation().search, 'token') ?? '';
  const { data, isLoading, isError } = adminApi.useInvitationQuery(token, { skip: !token });
  const [accept, { isLoading: accepting }] = adminApi.useAcceptInvitationMutation();
  const [form] = Form.useForm<Fields>();

  const body =
    !token || isError ? (
      <Result
        status="warning"
        title="邀请链接无效"
        subTitle={`链接可能已过期、已被撤销或已使用。请联系邀请你的管理员重新发送邀请。`}
      />
    ) : isLoading || !data ? (
      <Spin tip="正在加载…">
        <div style={{ height: 120 }} />
      </Spin>
    ) : (
      <>
        <Alert type="info" showIcon title="设置姓名和密码后即可登录管理后台。" style={{ marginBottom: 16 }} />
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'email', label: '登录邮箱', children: data.email },
            { key: 'role', label: '角色', children: ROLE_NAMES[data.role] },
          ]}
          style={{ marginBottom: 16 }}
        />
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: data.name }}
          onFinish={async (values) => {
            if (accepting) return;
            try {
              const answer = await accept({ token, name: values.name.trim(), password: md5(values.password) }).unwrap();
              dispatch(tokenReceived(answer.token));
              dispatch(notify('欢迎加入，已登录', 'success'));
              void navigate(routePath('admin', 'shell'), { replace: true });
            } catch {
              // refused (expired, used): the server's msg is shown as a notice
            }
          }}
        >
          <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
            <Input maxLength={50} autoComplete="name" />
          </Form.Item>
          <Form.Item
            label="密码"
            name="password"
            rules={[
              { required: true, message: '请输入密码' },
              { min: 8, message: '密码至少 8 位' },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="确认密码"
            name="confirm"
            dependencies={['password']}
            rules={[
              { required: true, message: '请再次输入密码' },
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('password')
                    ? Promise.resolve()
                    : Promise.reject(new Error('两次输入的密码不一致')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={accepting}>
            接受邀请并登录
          </Button>
        </Form>
      </>
    );

  return (
    <main className={styles.page} data-page="invite">
      <Card className={styles.card} title={<h1>{`加入 ${siteName} 管理后台`}</h1>}>
        {body}
      </Card>
    </main>
  );
}
