import { Button, Card, Form, Input } from 'antd';
import md5 from 'md5';
import { ADMIN_LOGIN_PATH } from '@site/shared-types';
import { notify, tokenCleared, useAppDispatch, useNavigate, usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';

interface Passwords {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/**
 * `changepwd` (docs/behaviour.md#change-password): three required fields, the confirmation must match; all sent as MD5.
 */
export function PasswordScreen() {
  usePageTitle('修改密码');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [change, { isLoading }] = adminApi.useChangePasswordMutation();
  const [form] = Form.useForm<Passwords>();
  return (
    <Card title="修改密码" style={{ maxWidth: 520 }}>
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          if (isLoading) return;
          try {
            await change({
              old_password: md5(values.old_password),
              new_password: md5(values.new_password),
              confirm_password: md5(values.confirm_password),
            }).unwrap();
            // A notice of the shell's: it stays on the login page, where the frame and antd's messages are gone.
            dispatch(notify('修改成功，请重新登陆！', 'success'));
            dispatch(tokenCleared());
            void navigate(ADMIN_LOGIN_PATH, { replace: true });
          } catch {
            // refused (wrong old password…): the server's msg is shown as a notice
          }
        }}
      >
        <Form.Item label="原密码" name="old_password" rules={[{ required: true, message: '原密码不能为空' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="新密码" name="new_password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认新密码"
          name="confirm_password"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('new_password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          确认修改
        </Button>
      </Form>
    </Card>
  );
}
