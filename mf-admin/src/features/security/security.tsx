import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { AccountSelf, SessionRow, TwoStepSetup } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { useRowTable } from '../../common/row-table';
import { useAccount } from '../../common/use-account';
import { RecoveryCodesDialog } from './recovery-codes';

/** The code field of the authenticator: six digits (or, where said, a recovery code). */
function CodeInput({ id, recovery = false }: { id: string; recovery?: boolean }) {
  return (
    <Form.Item
      label={recovery ? '验证码或恢复码' : '验证码'}
      name="code"
      htmlFor={id}
      rules={[
        { required: true, whitespace: true, message: '请输入验证码' },
        recovery ? {} : { pattern: /^\s*\d{6}\s*$/, message: '验证码是 6 位数字' },
      ]}
      style={{ marginBottom: 12 }}
    >
      <Input
        id={id}
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={recovery ? 20 : 6}
        placeholder={recovery ? '验证器中的 6 位数字' : '6 位数字'}
        style={{ maxWidth: 220 }}
      />
    </Form.Item>
  );
}

/** Setting up: the QR code and the secret to type in, then a code from the app to confirm. */
function SetUp({ onDone }: { onDone: (codes: string[]) => void }) {
  const [start, { isLoading: starting }] = adminApi.useTwoStepSetupMutation();
  const [enable, { isLoading: enabling }] = adminApi.useTwoStepEnableMutation();
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [form] = Form.useForm<{ code: string }>();
  if (!setup) {
    return (
      <Button
        type="primary"
        loading={starting}
        onClick={async () => {
          try {
            setSetup(await start().unwrap());
          } catch {
            // refused: the server's msg is shown
          }
        }}
      >
        开启两步验证
      </Button>
    );
  }
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Text>
        1. 用手机上的验证器（如 Microsoft Authenticator、Google 身份验证器、腾讯身份验证器）扫描二维码：
      </Typography.Text>
      <img src={setup.qr} alt="两步验证二维码" width={180} height={180} data-testid="two-step-qr" />
      <Typography.Text>
        无法扫描时，在验证器中手动输入密钥：
        <Typography.Text
          code
          copyable={{ text: setup.secret, tooltips: ['复制密钥', '已复制'] }}
          data-testid="two-step-secret"
        >
          {setup.secret}
        </Typography.Text>
      </Typography.Text>
      <Typography.Text>2. 输入验证器显示的 6 位验证码：</Typography.Text>
      <Form
        form={form}
        layout="vertical"
        onFinish={async ({ code }) => {
          try {
            const answer = await enable({ code: code.trim() }).unwrap();
            setSetup(null);
            onDone(answer.codes);
          } catch {
            form.resetFields();
          }
        }}
      >
        <CodeInput id="two-step-enable-code" />
        <Space>
          <Button type="primary" htmlType="submit" loading={enabling}>
            确认开启
          </Button>
          <Button onClick={() => setSetup(null)}>取消</Button>
        </Space>
      </Form>
    </Space>
  );
}

/** Two-step sign-in on: new recovery codes, or turning it off, each confirmed with a code. */
function TwoStepOn({ onCodes, required }: { onCodes: (codes: string[]) => void; required: boolean }) {
  const { message } = AntApp.useApp();
  const [renew, { isLoading: renewing }] = adminApi.useRecoveryCodesMutation();
  const [disable, { isLoading: disabling }] = adminApi.useTwoStepDisableMutation();
  const [form] = Form.useForm<{ code: string }>();
  const withCode = async (run: (code: string) => Promise<void>) => {
    let code: string;
    try {
      code = (await form.validateFields()).code.trim();
    } catch {
      return;
    }
    try {
      await run(code);
      form.resetFields();
    } catch {
      // refused (a wrong code): the server's msg is shown
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={() => undefined}>
      <Typography.Paragraph>生成新的恢复码或关闭两步验证前，请输入验证器中的验证码确认。</Typography.Paragraph>
      <CodeInput id="two-step-code" recovery />
      <Space wrap>
        <Button
          loading={renewing}
          onClick={() =>
            void withCode(async (code) => {
              onCodes((await renew({ code }).unwrap()).codes);
            })
          }
        >
          生成新的恢复码
        </Button>
        <Popconfirm
          title="确定关闭两步验证吗？"
          description={
            required ? '你的角色要求两步验证：关闭后需要重新设置才能继续使用后台。' : '关闭后登录只需邮箱和密码。'
          }
          okText="关闭"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() =>
            withCode(async (code) => {
              await disable({ code }).unwrap();
              void message.success('两步验证已关闭');
            })
          }
        >
          <Button danger loading={disabling}>
            关闭两步验证
          </Button>
        </Popconfirm>
      </Space>
    </Form>
  );
}

function TwoStepCard({ account }: { account: AccountSelf }) {
  const { message } = AntApp.useApp();
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Card
      title="两步验证"
      extra={account.two_step ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>}
      data-testid="two-step-card"
    >
      {account.two_step_setup_required ? (
        <Alert
          type="warning"
          showIcon
          title="你的角色要求开启两步验证"
          description="完成设置后才能使用后台的其他功能。"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Typography.Paragraph>
        开启后，登录时除了密码，还要输入手机验证器上的 6 位动态验证码；密码泄露也不会让别人登录你的账号。
      </Typography.Paragraph>
      {account.two_step ? (
        <TwoStepOn onCodes={setCodes} required={account.two_step_setup_required} />
      ) : (
        <SetUp
          onDone={(fresh) => {
            void message.success('两步验证已开启');
            setCodes(fresh);
          }}
        />
      )}
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </Card>
  );
}

function SessionsCard() {
  const { data, isFetching } = adminApi.useSessionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [end] = adminApi.useEndSessionMutation();
  const { message } = AntApp.useApp();
  const columns: TableColumnsType<SessionRow> = [
    {
      title: '设备',
      dataIndex: 'device',
      ellipsis: true,
      render: (device: string, row) => (
        <>
          {device || '未知设备'}
          {row.current ? (
            <Tag color="blue" style={{ marginLeft: 8 }}>
              当前设备
            </Tag>
          ) : null}
        </>
      ),
    },
    { title: '地址', dataIndex: 'ip', width: 150, ellipsis: true },
    { title: '最近使用', dataIndex: 'last_seen_at', width: 170 },
    { title: '登录时间', dataIndex: 'created_at', width: 170 },
  ];
  const table = useRowTable<SessionRow>({
    columns,
    title: 'device',
    scrollX: 760,
    buttons: {
      width: 90,
      render: (row) =>
        row.current ? null : (
          <Popconfirm
            title="确定结束这个设备的登录吗？"
            description="该设备需要重新登录。"
            okText="结束"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={async () => {
              try {
                await end({ id: row.id }).unwrap();
                void message.success('已结束');
              } catch {
                // refused: the server's msg is shown
              }
            }}
          >
            <Button size="small" danger aria-label={`结束${row.device || '该设备'}（${row.ip}）的登录`}>
              结束
            </Button>
          </Popconfirm>
        ),
    },
  });
  return (
    <Card title="登录设备">
      <Typography.Paragraph>
        你的账号当前在这些设备上登录。不认识的设备请点「结束」，并尽快修改密码。
      </Typography.Paragraph>
      <Table<SessionRow>
        rowKey="id"
        size="small"
        {...table}
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有登录设备" /> }}
      />
    </Card>
  );
}

/**
 * `security` 账号安全 (docs/behaviour.md#two-step-sign-in, docs/behaviour.md#signed-in-devices): one's own two-step
 * sign-in (set up with a QR code and a code from the app, ten recovery codes shown once, new codes, turning it off)
 * and the devices signed in to the account, each but this one with 结束.
 */
export function SecurityScreen() {
  usePageTitle('账号安全');
  const { account } = useAccount();
  if (!account) return <Card loading title="两步验证" />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <TwoStepCard account={account} />
      <SessionsCard />
    </Space>
  );
}
