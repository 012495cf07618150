import { useState } from 'react';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type {
  BaiduPushLogEntry,
  BaiduPushQueueRow,
  BaiduPushReason,
  BaiduPushResult,
  BaiduPushStatus,
} from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { useRowTable } from '../../common/row-table';

const REASONS: Record<BaiduPushReason, string> = { create: '新增', update: '修改', delete: '删除', manual: '手动' };
const STATES: Record<BaiduPushQueueRow['state'], { text: string; color: string }> = {
  pending: { text: '待推送', color: 'blue' },
  sending: { text: '推送中', color: 'processing' },
  failed: { text: '失败', color: 'red' },
};

/** How often the screen reads the queue again while it is open. */
const REFRESH_MS = 10_000;

function NotConfigured({ status }: { status: BaiduPushStatus }) {
  return (
    <Alert
      type="warning"
      showIcon
      title="百度推送未配置"
      description={
        <>
          <p style={{ margin: 0 }}>
            尚未设置环境变量{' '}
            {status.missing.map((name, index) => (
              <span key={name}>
                {index > 0 && '、'}
                <Typography.Text code>{name}</Typography.Text>
              </span>
            ))}
            ，不会向百度推送任何地址。
          </p>
          <p style={{ margin: '8px 0 0' }}>
            在服务器上设置 <Typography.Text code>BAIDU_PUSH_TOKEN</Typography.Text>
            （百度搜索资源平台「普通收录」API 的 token）和 <Typography.Text code>BAIDU_PUSH_SITE</Typography.Text>
            （在百度登记的站点，如
            https://www.example.com）后重启服务即可。在此之前，案例和文章的改动仍记入下面的队列，配置后自动推送。
          </p>
        </>
      }
    />
  );
}

function Overview({ status }: { status: BaiduPushStatus }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {status.configured ? (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          bordered
          items={[
            { key: 'state', label: '推送状态', children: <Tag color="green">已配置</Tag> },
            { key: 'site', label: '百度站点', children: status.site },
            {
              key: 'remain',
              label: '今日剩余配额',
              children: (
                <>
                  {status.quota.remain ?? '今日尚未推送'}
                  {status.quota.reported_at && (
                    <Typography.Text type="secondary"> （{status.quota.reported_at} 百度应答）</Typography.Text>
                  )}
                </>
              ),
            },
            { key: 'origin', label: '推送地址前缀', children: `${status.origin ?? ''}/` },
          ]}
        />
      ) : (
        <NotConfigured status={status} />
      )}
      {status.quota.held_until && (
        <Alert type="info" showIcon title={`今日推送配额已用完，${status.quota.held_until}（北京时间）后继续推送`} />
      )}
      <Space size="large">
        <Statistic title="待推送" value={status.pending} />
        <Statistic title="推送失败" value={status.failed} />
      </Space>
    </Space>
  );
}

function resultAlert(result: BaiduPushResult) {
  if (result.ok) {
    return (
      <Alert
        type="success"
        showIcon
        title={`推送成功：${result.url}`}
        description={`百度已接收 ${result.success ?? 0} 条，今日剩余配额 ${result.remain ?? '未知'} 条。`}
      />
    );
  }
  return (
    <Alert
      type={result.queued ? 'warning' : 'error'}
      showIcon
      title={`未能推送：${result.url}`}
      description={result.queued ? `${result.error ?? ''}。地址已留在队列中，将自动重试。` : result.error}
    />
  );
}

function ManualPush({ status, onDone }: { status: BaiduPushStatus; onDone: () => void }) {
  const { message } = AntApp.useApp();
  const [push, { isLoading }] = adminApi.useBaiduPushUrlMutation();
  const [result, setResult] = useState<BaiduPushResult | null>(null);
  return (
    <Card title="手动推送" size="small">
      <Form
        layout="inline"
        onFinish={async ({ url }: { url: string }) => {
          try {
            const answer = await push({ url: url.trim() }).unwrap();
            setResult(answer);
            if (answer.ok) void message.success('推送成功');
          } catch {
            // refused: the server's msg is shown as a notice
          }
          onDone();
        }}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          label="推送地址"
          name="url"
          rules={[{ required: true, whitespace: true, message: '请填写要推送的地址' }]}
          style={{ flex: '1 1 360px' }}
        >
          <Input
            placeholder={`${status.origin ?? 'https://www.example.com'}/news/1.html`}
            maxLength={2048}
            disabled={!status.configured}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isLoading} disabled={!status.configured}>
            推送
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        只能推送本站的地址。推送后立即显示百度的应答；未能推送的地址留在队列中自动重试。
      </Typography.Paragraph>
      {result && (
        <div style={{ marginTop: 12 }} data-testid="push-result">
          {resultAlert(result)}
        </div>
      )}
    </Card>
  );
}

function QueueTable({ status, onDone }: { status: BaiduPushStatus; onDone: () => void }) {
  const { message } = AntApp.useApp();
  const [retry, { isLoading }] = adminApi.useBaiduPushRetryMutation();
  const retryNow = async (id?: number) => {
    try {
      await retry(id === undefined ? {} : { id }).unwrap();
      void message.success('已安排立即重试');
    } catch {
      // refused: the server's msg is shown as a notice
    }
    onDone();
  };
  const columns: TableColumnsType<BaiduPushQueueRow> = [
    { title: '地址', dataIndex: 'url', ellipsis: true },
    { title: '原因', dataIndex: 'reason', width: 70, render: (reason: BaiduPushReason) => REASONS[reason] },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (state: BaiduPushQueueRow['state']) => <Tag color={STATES[state].color}>{STATES[state].text}</Tag>,
    },
    { title: '尝试次数', dataIndex: 'attempts', width: 90 },
    {
      title: '下次尝试',
      dataIndex: 'next_attempt',
      width: 170,
      render: (next: string, row) => (row.state === 'failed' ? '—' : next),
    },
    { title: '最近错误', dataIndex: 'last_error', ellipsis: true, render: (error: string | null) => error ?? '—' },
  ];
  const table = useRowTable<BaiduPushQueueRow>({
    columns,
    title: 'url',
    scrollX: 900,
    buttons: {
      width: 110,
      render: (row) => (
        <Button
          size="small"
          disabled={!status.configured || row.state === 'sending'}
          onClick={() => void retryNow(row.id)}
        >
          立即重试
        </Button>
      ),
    },
  });
  return (
    <Card
      title={`推送队列（待推送 ${status.pending}，失败 ${status.failed}）`}
      size="small"
      extra={
        <Button
          size="small"
          loading={isLoading}
          disabled={!status.configured || status.queue.length === 0}
          onClick={() => void retryNow()}
        >
          全部立即重试
        </Button>
      }
    >
      <Table
        rowKey="id"
        size="small"
        {...table}
        dataSource={status.queue}
        pagination={false}
        locale={{ emptyText: <Typography.Text type="secondary">队列为空：所有改动都已推送</Typography.Text> }}
      />
      {status.pending + status.failed > status.queue.length && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          只显示前 {status.queue.length} 条。
        </Typography.Paragraph>
      )}
    </Card>
  );
}

const LOG_COLUMNS: TableColumnsType<BaiduPushLogEntry> = [
  { title: '时间', dataIndex: 'at', width: 170 },
  {
    title: '地址',
    dataIndex: 'urls',
    ellipsis: true,
    render: (urls: string[]) => (
      <span title={urls.join('\n')}>{urls.length === 1 ? urls[0] : `${urls[0] ?? ''} 等 ${urls.length} 条`}</span>
    ),
  },
  {
    title: '结果',
    dataIndex: 'ok',
    width: 130,
    render: (ok: boolean, entry) => (
      <Space size={4}>
        {ok ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>}
        {entry.manual && <Tag>手动</Tag>}
      </Space>
    ),
  },
  { title: 'HTTP', dataIndex: 'status', width: 70, render: (status: number) => status || '—' },
  { title: '收录', dataIndex: 'success', width: 70, render: (value: number | null) => value ?? '—' },
  { title: '剩余', dataIndex: 'remain', width: 80, render: (value: number | null) => value ?? '—' },
  {
    title: '说明',
    key: 'note',
    ellipsis: true,
    render: (_value, entry) =>
      entry.error ??
      ([
        entry.not_valid.length > 0 ? `无效地址 ${entry.not_valid.length} 条` : '',
        entry.not_same_site.length > 0 ? `非本站地址 ${entry.not_same_site.length} 条` : '',
      ]
        .filter(Boolean)
        .join('，') ||
        '—'),
  },
];

/**
 * `baidupush` (docs/behaviour.md#baidu-link-push): whether Baidu's link push is configured, today's quota, the
 * queue (with retrying now), the last answers, and a form to push one address of the site by hand.
 */
export function BaiduPushScreen() {
  usePageTitle('百度推送');
  const { data, refetch } = adminApi.useBaiduPushStatusQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: REFRESH_MS,
  });
  const reload = () => void refetch();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="百度推送" loading={!data}>
        {data && <Overview status={data} />}
      </Card>
      {data && <ManualPush status={data} onDone={reload} />}
      {data && (
        <div data-testid="push-queue">
          <QueueTable status={data} onDone={reload} />
        </div>
      )}
      {data && (
        <div data-testid="push-log">
          <Card title="最近推送记录（保留最近 50 次）" size="small">
            <Table
              rowKey="id"
              size="small"
              columns={LOG_COLUMNS}
              dataSource={data.log}
              pagination={false}
              scroll={{ x: 900 }}
              locale={{ emptyText: <Typography.Text type="secondary">还没有推送过</Typography.Text> }}
            />
          </Card>
        </div>
      )}
    </Space>
  );
}
