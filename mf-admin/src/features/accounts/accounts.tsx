import { useEffect, useState } from 'react';
import {
  App as AntApp,
  Button,
  Card,
  Checkbox,
  Empty,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import {
  ROLE_NAMES,
  ROLES,
  type AccountRow,
  type AssignableRole,
  type InvitationRow,
  type Role,
} from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { useRowTable } from '../../common/row-table';
import { useAccount } from '../../common/use-account';
import { InviteDialog, ROLE_OPTIONS } from './invite-dialog';

const ROLE_COLOURS: Record<Role, string> = { owner: 'gold', admin: 'blue', editor: 'green', contributor: 'default' };

const roleTag = (role: Role) => <Tag color={ROLE_COLOURS[role]}>{ROLE_NAMES[role]}</Tag>;

/** Runs a call; on success says `done` (a refusal's msg is the server's, shown by the client). */
function useAct() {
  const { message } = AntApp.useApp();
  return async (send: () => Promise<unknown>, done: string) => {
    try {
      await send();
      void message.success(done);
    } catch {
      // refused: the server's msg is shown
    }
  };
}

/** The role of an account: a select for those whose role may be changed, a tag for the others. */
function RoleCell({ row, editable }: { row: AccountRow; editable: boolean }) {
  const [change, { isLoading }] = adminApi.useAccountRoleMutation();
  const act = useAct();
  if (!editable) return roleTag(row.role);
  return (
    <Select<AssignableRole>
      size="small"
      aria-label={`${row.name}的角色`}
      value={row.role as AssignableRole}
      loading={isLoading}
      style={{ width: 110 }}
      options={ROLE_OPTIONS}
      onChange={(role) =>
        void act(() => change({ id: row.id, role }).unwrap(), `已将${row.name}的角色改为${ROLE_NAMES[role]}`)
      }
    />
  );
}

function AccountButtons({ row, me }: { row: AccountRow; me: { id: number; role: Role } }) {
  const [disable] = adminApi.useDisableAccountMutation();
  const [enable] = adminApi.useEnableAccountMutation();
  const [transfer] = adminApi.useTransferOwnershipMutation();
  const [resetTwoStep] = adminApi.useResetTwoStepMutation();
  const act = useAct();
  if (row.id === me.id || row.role === 'owner') return null;
  return (
    <Space wrap size={4}>
      {row.disabled ? (
        <Button
          size="small"
          aria-label={`启用${row.name}`}
          onClick={() => void act(() => enable({ id: row.id }).unwrap(), '已启用')}
        >
          启用
        </Button>
      ) : (
        <Popconfirm
          title={`确定停用${row.name}吗？`}
          description="停用后该账号立即退出，不能再登录；可以随时重新启用。"
          okText="停用"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => act(() => disable({ id: row.id }).unwrap(), '已停用')}
        >
          <Button size="small" danger aria-label={`停用${row.name}`}>
            停用
          </Button>
        </Popconfirm>
      )}
      {row.two_step ? (
        <Popconfirm
          title={`确定重置${row.name}的两步验证吗？`}
          description="用于对方丢失手机时：两步验证将关闭，对方需重新登录并重新设置。"
          okText="重置"
          cancelText="取消"
          onConfirm={() => act(() => resetTwoStep({ id: row.id }).unwrap(), '两步验证已重置')}
        >
          <Button size="small" aria-label={`重置两步验证（${row.name}）`}>
            重置两步验证
          </Button>
        </Popconfirm>
      ) : null}
      {me.role === 'owner' && !row.disabled ? (
        <Popconfirm
          title={`确定把网站所有权移交给${row.name}吗？`}
          description="移交后对方成为所有者，你的角色变为管理员；此操作只能由新的所有者撤回。"
          okText="移交"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => act(() => transfer({ id: row.id }).unwrap(), `所有权已移交给${row.name}`)}
        >
          <Button size="small" aria-label={`移交所有权给${row.name}`}>
            移交所有权
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}

function Accounts({ rows, me }: { rows: AccountRow[]; me: { id: number; role: Role } }) {
  const columns: TableColumnsType<AccountRow> = [
    {
      title: '姓名',
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, row) => (
        <>
          {name || <Typography.Text type="secondary">未填写</Typography.Text>}
          {row.id === me.id ? <Tag style={{ marginLeft: 8 }}>我</Tag> : null}
        </>
      ),
    },
    { title: '邮箱', dataIndex: 'email', width: 230, ellipsis: true },
    {
      title: '角色',
      dataIndex: 'role',
      width: 130,
      render: (_: Role, row) => <RoleCell row={row} editable={row.id !== me.id && row.role !== 'owner'} />,
    },
    { title: '最近登录', dataIndex: 'last_login_at', width: 170, render: (at: string) => at || '从未登录' },
    {
      title: '两步验证',
      dataIndex: 'two_step',
      width: 100,
      render: (on: boolean) => (on ? <Tag color="green">已开启</Tag> : <Tag>未开启</Tag>),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 90,
      render: (disabled: boolean) => (disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
    },
  ];
  const table = useRowTable<AccountRow>({
    columns,
    title: 'name',
    scrollX: 1100,
    buttons: { width: 290, render: (row) => <AccountButtons row={row} me={me} /> },
  });
  return <Table<AccountRow> rowKey="id" size="middle" {...table} dataSource={rows} pagination={false} />;
}

function Invitations({ rows }: { rows: InvitationRow[] }) {
  const [cancel] = adminApi.useCancelInvitationMutation();
  const act = useAct();
  const columns: TableColumnsType<InvitationRow> = [
    { title: '邮箱', dataIndex: 'email', ellipsis: true },
    { title: '姓名', dataIndex: 'name', width: 140, ellipsis: true },
    { title: '角色', dataIndex: 'role', width: 90, render: (role: Role) => roleTag(role) },
    { title: '邀请人', dataIndex: 'invited_by', width: 140, ellipsis: true },
    { title: '有效期至', dataIndex: 'expires_at', width: 170 },
  ];
  const table = useRowTable<InvitationRow>({
    columns,
    title: 'email',
    scrollX: 800,
    buttons: {
      width: 90,
      render: (row) => (
        <Popconfirm
          title={`确定撤销对 ${row.email} 的邀请吗？`}
          description="撤销后邀请链接立即失效。"
          okText="撤销"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => act(() => cancel({ id: row.id }).unwrap(), '邀请已撤销')}
        >
          <Button size="small" danger aria-label={`撤销对${row.email}的邀请`}>
            撤销
          </Button>
        </Popconfirm>
      ),
    },
  });
  return (
    <Table<InvitationRow>
      rowKey="id"
      size="small"
      {...table}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有待接受的邀请" /> }}
    />
  );
}

/** Which roles must use two-step sign-in: one checkbox per role, saved together. */
function TwoStepPolicy({ roles }: { roles: Role[] }) {
  const [chosen, setChosen] = useState<Role[]>(roles);
  const [save, { isLoading }] = adminApi.useTwoStepPolicyMutation();
  const act = useAct();
  useEffect(() => setChosen(roles), [roles]);
  const changed = chosen.length !== roles.length || chosen.some((role) => !roles.includes(role));
  return (
    <Space orientation="vertical">
      <Typography.Text>
        勾选的角色必须开启两步验证：尚未开启的成员登录后只能先在「账号安全」中完成设置。
      </Typography.Text>
      <Checkbox.Group
        aria-label="必须使用两步验证的角色"
        value={chosen}
        onChange={(value) => setChosen(value)}
        options={ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }))}
      />
      <Button
        type="primary"
        disabled={!changed}
        loading={isLoading}
        onClick={() => void act(() => save({ roles: chosen }).unwrap(), '两步验证要求已保存')}
      >
        保存
      </Button>
    </Space>
  );
}

/**
 * `accounts` 账号管理 (docs/behaviour.md#accounts-and-roles): the team's accounts with their role, last sign-in,
 * two-step state and whether they are disabled; inviting someone (the link to copy when no mail went out); changing
 * a role, disabling and enabling, resetting someone's two-step sign-in, handing the ownership over (the owner only);
 * which roles must use two-step sign-in; and the invitations not accepted yet.
 */
export function AccountsScreen() {
  usePageTitle('账号管理');
  const { account } = useAccount();
  const { data } = adminApi.useAccountsQuery();
  const [inviting, setInviting] = useState(false);
  if (!data || !account) return <Card loading title="账号" />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="账号"
        extra={
          <Button type="primary" onClick={() => setInviting(true)}>
            邀请成员
          </Button>
        }
      >
        <Accounts rows={data.accounts} me={account} />
      </Card>
      <Card title="待接受的邀请" size="small">
        <Invitations rows={data.invitations} />
      </Card>
      <Card title="两步验证要求" size="small">
        <TwoStepPolicy roles={data.two_step_roles} />
      </Card>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </Space>
  );
}
