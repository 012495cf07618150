import { useState } from 'react';
import { Alert, App as AntApp, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import {
  ASSIGNABLE_ROLES,
  INVITATION_HOURS,
  ROLE_NAMES,
  type InviteRequest,
  type InviteResult,
} from '@site/shared-types';
import { adminApi } from '../../admin-api';

/** The roles an invitation can give, for a select. */
export const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));

/**
 * 邀请成员: e-mail, name and role. The answer's link is shown to copy, with whether it also went out by e-mail (it
 * does not when no mail is set up: the link must then reach the person some other way).
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<InviteRequest>();
  const [invite, { isLoading }] = adminApi.useInviteAccountMutation();
  const [sent, setSent] = useState<(InviteResult & { email: string }) | null>(null);
  const close = () => {
    setSent(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title="邀请成员"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={
        sent ? (
          <Button type="primary" onClick={close}>
            完成
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>取消</Button>
            <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
              发送邀请
            </Button>
          </Space>
        )
      }
    >
      {sent ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {sent.mailed ? (
            <Alert type="success" showIcon title={`邀请邮件已发送至 ${sent.email}`} />
          ) : (
            <Alert
              type="warning"
              showIcon
              title="邀请邮件未发送"
              description="网站未配置邮件发送（通知设置）或发送失败：请复制下面的链接，通过微信等方式发给对方。"
            />
          )}
          <label htmlFor="invite-link">邀请链接（{INVITATION_HOURS} 小时内有效，只能使用一次）</label>
          <Space.Compact style={{ width: '100%' }}>
            <Input id="invite-link" readOnly value={sent.link} onFocus={(event) => event.target.select()} />
            <Button
              type="primary"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(sent.link);
                  void message.success('链接已复制');
                } catch {
                  void message.info('无法自动复制，请选中链接后手动复制');
                }
              }}
            >
              复制链接
            </Button>
          </Space.Compact>
          <Typography.Text type="secondary">对方打开链接，设置姓名和密码后即可登录。</Typography.Text>
        </Space>
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: 'editor' }}
          onFinish={async (values) => {
            try {
              const email = values.email.trim();
              const answer = await invite({ email, name: values.name.trim(), role: values.role }).unwrap();
              setSent({ ...answer, email });
            } catch {
              // refused (already a member, invited already…): the server's msg is shown
            }
          }}
        >
          <Form.Item
            label="邮箱"
            name="email"
            rules={[
              { required: true, whitespace: true, message: '请填写邮箱' },
              { type: 'email', message: '邮箱格式不正确' },
            ]}
          >
            <Input type="email" maxLength={254} autoComplete="off" />
          </Form.Item>
          <Form.Item label="姓名" name="name" rules={[{ required: true, whitespace: true, message: '请填写姓名' }]}>
            <Input maxLength={50} autoComplete="off" />
          </Form.Item>
          <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
            <Select options={ROLE_OPTIONS} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
