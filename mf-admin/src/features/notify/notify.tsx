import { useEffect } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Statistic,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_MAX_RECIPIENTS,
  type NotifyChannel,
  type NotifyDelivery,
  type NotifySettingsInput,
  type NotifySettingsView,
} from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { useRowTable } from '../../common/row-table';

/** How often the screen reads the deliveries again while it is open. */
const REFRESH_MS = 10_000;

/** The form's values: the recipients as one text (a line or a comma between two). */
type FormValues = Omit<NotifySettingsInput, 'email'> & {
  email: Omit<NotifySettingsInput['email'], 'to'> & { to: string };
};

function formValues(view: NotifySettingsView): FormValues {
  const { password_set: _password, ...email } = view.email;
  return {
    email: { ...email, to: email.to.join('\n'), password: '' },
    wecom: { enabled: view.wecom.enabled, url: '' },
    dingtalk: { enabled: view.dingtalk.enabled, url: '', secret: '' },
  };
}

function input(values: FormValues): NotifySettingsInput {
  return {
    ...values,
    email: {
      ...values.email,
      port: Number(values.email.port),
      to: values.email.to
        .split(/[\s,，;；]+/)
        .map((address) => address.trim())
        .filter(Boolean),
    },
  };
}

/** A secret's placeholder: whether one is saved (never what it is). */
const secretHint = (set: boolean, what: string) => (set ? `已设置${what}，留空则保持不变` : `请填写${what}`);

function TestButton({ channel, disabled }: { channel: NotifyChannel; disabled: boolean }) {
  const { message } = AntApp.useApp();
  const [test, { isLoading }] = adminApi.useTestNotifyMutation();
  return (
    <Button
      size="small"
      loading={isLoading}
      disabled={disabled}
      onClick={async () => {
        try {
          await test({ channel }).unwrap();
          void message.success(`${NOTIFY_CHANNEL_LABELS[channel]}测试通知已发送`);
        } catch {
          // refused: the server's msg (with the channel's answer) is shown as a notice
        }
      }}
    >
      发送测试
    </Button>
  );
}

function EmailCard({ view }: { view: NotifySettingsView }) {
  return (
    <Card
      size="small"
      title="邮件（SMTP）"
      extra={<TestButton channel="email" disabled={!view.email.host} />}
      data-testid="notify-email"
    >
      <Form.Item label="启用" name={['email', 'enabled']} valuePropName="checked">
        <Switch aria-label="启用邮件通知" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={14}>
          <Form.Item label="SMTP 服务器" name={['email', 'host']}>
            <Input placeholder="smtp.exmail.qq.com" maxLength={253} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item label="端口" name={['email', 'port']}>
            <InputNumber min={1} max={65535} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={5}>
          <Form.Item label="SSL/TLS" name={['email', 'secure']} valuePropName="checked">
            <Switch aria-label="使用 SSL/TLS 连接" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item label="邮箱账号" name={['email', 'user']}>
            <Input placeholder="notice@example.com" maxLength={254} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="密码或授权码" name={['email', 'password']}>
            <Input.Password
              placeholder={secretHint(view.email.password_set, '密码')}
              maxLength={200}
              autoComplete="new-password"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="发件人" name={['email', 'from']} extra="留空则使用邮箱账号">
        <Input placeholder="notice@example.com" maxLength={254} />
      </Form.Item>
      <Form.Item
        label="收件人"
        name={['email', 'to']}
        extra={`每行一个邮箱，最多 ${NOTIFY_MAX_RECIPIENTS} 个；邮件的「回复」会直接回复留言者（留了邮箱时）`}
      >
        <Input.TextArea rows={3} placeholder={'sales@example.com\nboss@example.com'} />
      </Form.Item>
    </Card>
  );
}

function RobotCard({ channel, view }: { channel: 'wecom' | 'dingtalk'; view: NotifySettingsView }) {
  const robot = view[channel];
  const label = NOTIFY_CHANNEL_LABELS[channel];
  const example =
    channel === 'wecom'
      ? 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…'
      : 'https://oapi.dingtalk.com/robot/send?access_token=…';
  return (
    <Card
      size="small"
      title={label}
      extra={<TestButton channel={channel} disabled={!robot.url_set} />}
      data-testid={`notify-${channel}`}
    >
      <Form.Item label="启用" name={[channel, 'enabled']} valuePropName="checked">
        <Switch aria-label={`启用${label}通知`} />
      </Form.Item>
      <Form.Item
        label="Webhook 地址"
        name={[channel, 'url']}
        extra={robot.url_set ? `已设置（${robot.url_hint}）。地址含机器人的密钥，只显示末尾几位。` : undefined}
      >
        <Input.Password
          placeholder={robot.url_set ? '已设置，留空则保持不变' : example}
          maxLength={500}
          autoComplete="off"
          visibilityToggle
        />
      </Form.Item>
      {channel === 'dingtalk' ? (
        <Form.Item
          label="加签密钥"
          name={[channel, 'secret']}
          extra="机器人安全设置选了「加签」时填写（SEC 开头）；选「自定义关键词」时，请把「留言」设为关键词"
        >
          <Input.Password
            placeholder={robot.secret_set ? '已设置，留空则保持不变' : '未使用加签可不填'}
            maxLength={200}
            autoComplete="off"
          />
        </Form.Item>
      ) : (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          在企业微信群里添加「群机器人」，复制它的 Webhook 地址填在这里。
        </Typography.Paragraph>
      )}
    </Card>
  );
}

const DELIVERY_COLUMNS: TableColumnsType<NotifyDelivery> = [
  { title: '时间', dataIndex: 'at', width: 170 },
  {
    title: '通道',
    dataIndex: 'channel',
    width: 150,
    render: (channel: NotifyChannel) => NOTIFY_CHANNEL_LABELS[channel],
  },
  { title: '留言', dataIndex: 'subject', width: 180, ellipsis: true },
  {
    title: '结果',
    dataIndex: 'ok',
    width: 130,
    render: (ok: boolean, row) => (
      <Space size={4}>
        {ok ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>}
        {row.test ? <Tag>测试</Tag> : null}
      </Space>
    ),
  },
  { title: '第几次', dataIndex: 'attempt', width: 80 },
  { title: '应答', dataIndex: 'answer', ellipsis: true },
];

function Deliveries({ deliveries }: { deliveries: NotifyDelivery[] }) {
  const table = useRowTable<NotifyDelivery>({ columns: DELIVERY_COLUMNS, title: 'subject', scrollX: 900 });
  return (
    <Card size="small" title="最近 50 次发送">
      <Table
        rowKey="id"
        size="small"
        {...table}
        dataSource={deliveries}
        pagination={false}
        locale={{ emptyText: <Typography.Text type="secondary">还没有发送过通知</Typography.Text> }}
      />
    </Card>
  );
}

/**
 * `notify` (docs/behaviour.md#lead-notifications): where new leads are sent (mail over SMTP, a WeCom or a DingTalk
 * group robot), each with a test send; the secrets are never shown, only whether they are set. Below: what waits in
 * the outbox (given-up deliveries can be sent again) and the last 50 attempts with the channels' answers.
 */
export function NotifyScreen() {
  usePageTitle('通知设置');
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<FormValues>();
  const { data, refetch } = adminApi.useNotifySettingsQuery(undefined, { pollingInterval: REFRESH_MS });
  const [save, { isLoading: saving }] = adminApi.useSaveNotifySettingsMutation();
  const [retry, { isLoading: retrying }] = adminApi.useRetryNotifyMutation();
  const settings = data?.settings;
  useEffect(() => {
    // Filled when the saved settings first arrive; the polling that follows leaves what is being typed alone.
    if (settings && !form.isFieldsTouched()) form.setFieldsValue(formValues(settings));
  }, [settings, form]);
  if (!data || !settings) return <Card loading title="通知设置" />;
  const anyOn = settings.email.enabled || settings.wecom.enabled || settings.dingtalk.enabled;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="通知设置" size="small">
        <Typography.Paragraph style={{ marginTop: 0 }}>
          访客在网站提交留言后，立即通过下面启用的方式通知销售人员。发送失败会自动重试（最长三天），服务器重启也不会丢失。
        </Typography.Paragraph>
        {!anyOn ? <Alert type="info" showIcon title="尚未启用任何通知方式：新留言只会出现在「留言管理」中。" /> : null}
        <Form
          form={form}
          layout="vertical"
          style={{ marginTop: 16 }}
          onFinish={async (values) => {
            try {
              const saved = await save(input(values)).unwrap();
              form.resetFields();
              form.setFieldsValue(formValues(saved));
              void message.success('保存成功');
              void refetch();
            } catch {
              // refused: the server's msg is shown as a notice
            }
          }}
        >
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <EmailCard view={settings} />
            <RobotCard channel="wecom" view={settings} />
            <RobotCard channel="dingtalk" view={settings} />
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={saving}>
                保存设置
              </Button>
              <Typography.Text type="secondary">「发送测试」使用已保存的设置：修改后请先保存。</Typography.Text>
            </Space>
          </Space>
        </Form>
      </Card>
      <Card size="small" title="待发送">
        <Space size="large" align="center" wrap>
          <Statistic title="等待发送或重试" value={data.queue.pending} />
          <Statistic title="已放弃（超过三天仍失败）" value={data.queue.failed} />
          <Button
            disabled={data.queue.failed === 0}
            loading={retrying}
            onClick={async () => {
              try {
                const { count } = await retry().unwrap();
                void message.success(`已重新发送 ${count} 条`);
              } catch {
                // refused: the server's msg is shown as a notice
              }
              void refetch();
            }}
          >
            重新发送已放弃的通知
          </Button>
        </Space>
      </Card>
      <Deliveries deliveries={data.deliveries} />
    </Space>
  );
}
