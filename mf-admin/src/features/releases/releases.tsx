import { useState } from 'react';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Form,
  Grid,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import type {
  ReleaseAction,
  ReleaseEvent,
  ReleaseRow,
  ReleasesOverview,
  ReleaseState,
  RemoteName,
  RemoteReleases,
} from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { useRowTable } from '../../common/row-table';
import { LoadState } from '../../common/load-state';
import styles from './releases.module.css';

/** How often the screen reads the overview again while it is open (the error counts change by themselves). */
const REFRESH_MS = 10_000;
/** The share a new canary is offered with. */
const DEFAULT_PERCENT = 10;

const STATES: Record<Exclude<ReleaseState, 'canary'>, { text: string; color: string }> = {
  active: { text: '当前', color: 'green' },
  previous: { text: '可回滚', color: 'blue' },
  kept: { text: '保留', color: 'default' },
};

const ACTIONS: Record<ReleaseAction, { text: string; color: string }> = {
  activate: { text: '启用', color: 'blue' },
  canary: { text: '灰度', color: 'orange' },
  promote: { text: '全量发布', color: 'green' },
  abandon: { text: '放弃灰度', color: 'default' },
  rollback: { text: '回滚', color: 'purple' },
  'auto-rollback': { text: '自动回滚', color: 'red' },
  refused: { text: '拒绝启用', color: 'red' },
};

/** A release id or a commit, set apart from the text around it. */
const Code = ({ children }: { children: string }) => <Typography.Text code>{children}</Typography.Text>;

const none = <Typography.Text type="secondary">无</Typography.Text>;

/** A percentage without floating-point noise: 0.07 → 7, 0.025 → 2.5. */
const percentOf = (ratio: number) => Number((ratio * 100).toFixed(2));

const kilobytes = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);

/** A failure count, in red when there is any. */
const failures = (count: number) => (count > 0 ? <Typography.Text type="danger">{count}</Typography.Text> : count);

function StateTag({ row, remote }: { row: ReleaseRow; remote: RemoteReleases }) {
  if (row.state === 'canary') return <Tag color="orange">灰度 {remote.canary?.percent ?? '?'}%</Tag>;
  const state = STATES[row.state];
  return <Tag color={state.color}>{state.text}</Tag>;
}

/** What a kept release is: its record (build, versions, size) and its counts since it last went live. */
function releaseColumns(remote: RemoteReleases): TableColumnsType<ReleaseRow> {
  return [
    {
      title: '版本',
      dataIndex: 'release',
      width: 160,
      render: (release: string, row) => (
        <Space size={4} wrap>
          <Code>{release}</Code>
          <StateTag row={row} remote={remote} />
        </Space>
      ),
    },
    { title: '构建时间', dataIndex: 'builtAt', width: 150, render: (at: string) => at || '—' },
    {
      title: '提交',
      dataIndex: 'commit',
      width: 132,
      render: (commit: string | null, row) => (
        <Space size={4} wrap>
          {commit ? <Code>{commit}</Code> : '—'}
          {row.dirty && <Tag color="gold">有未提交改动</Tag>}
        </Space>
      ),
    },
    { title: 'React', dataIndex: 'react', width: 70, render: (version: string | null) => version ?? '—' },
    { title: '平台契约', dataIndex: 'platform', width: 80, render: (version: string | null) => version ?? '—' },
    {
      title: '首屏体积（gzip）',
      dataIndex: 'firstViewGzip',
      width: 92,
      align: 'right',
      render: kilobytes,
    },
    {
      title: '访问与错误',
      children: [
        { title: '访问', key: 'views', width: 72, align: 'right', render: (_, row) => row.stats.views },
        {
          // Two lines of four characters: the column stays narrow enough for the table to fit a laptop's screen.
          title: (
            <>
              服务端
              <br />
              渲染失败
            </>
          ),
          key: 'ssrFailures',
          width: 80,
          align: 'right',
          render: (_, row) => failures(row.stats.ssrFailures),
        },
        {
          title: (
            <>
              浏览器
              <br />
              错误
            </>
          ),
          key: 'clientErrors',
          width: 80,
          align: 'right',
          render: (_, row) => failures(row.stats.clientErrors),
        },
      ],
    },
  ];
}

/**
 * The 灰度 dialog: the share of visitors, then `canaryrelease`; a refusal leaves it open (the msg is shown). It stays
 * mounted until its closing motion ends (`afterClose`).
 */
function CanaryDialog({
  remote,
  row,
  open,
  onClose,
  afterClose,
}: {
  remote: RemoteReleases;
  row: ReleaseRow;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ percent: number }>();
  const [canary, { isLoading }] = adminApi.useCanaryReleaseMutation();
  const running = remote.canary;
  const again = running?.release === row.release;
  const start = async ({ percent }: { percent: number }) => {
    try {
      await canary({ remote: remote.remote, release: row.release, percent }).unwrap();
    } catch {
      return; // refused: the server's msg is shown, the dialog stays
    }
    void message.success(`${remote.title}：${row.release} 灰度 ${percent}%`);
    onClose();
  };
  return (
    <Modal
      title={`灰度发布 ${row.release}`}
      open={open}
      width={440}
      onCancel={onClose}
      afterClose={afterClose}
      okText={again ? '调整比例' : '开始灰度'}
      cancelText="取消"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>
        {remote.title}的一部分访问者将使用 <Code>{row.release}</Code>，其余访问者继续使用当前版本{' '}
        {remote.active ? <Code>{remote.active}</Code> : '（无）'}。
        {running && !again && (
          <>
            正在灰度的 <Code>{running.release}</Code> 将被替换。
          </>
        )}
      </p>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ percent: again ? running.percent : DEFAULT_PERCENT }}
        onFinish={start}
      >
        <Form.Item
          label="灰度比例"
          name="percent"
          rules={[{ required: true, message: '请填写 1–99 之间的比例' }]}
          extra="1–99，每位访问者固定分到其中一个版本"
        >
          <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: 140 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 启用 and 灰度 on one kept release: each says why when it cannot be used. */
function RowActions({
  remote,
  row,
  onCanary,
}: {
  remote: RemoteReleases;
  row: ReleaseRow;
  onCanary: (row: ReleaseRow) => void;
}) {
  const { message } = AntApp.useApp();
  const [activate] = adminApi.useActivateReleaseMutation();
  const blocked = row.state === 'active' ? '已是当前版本' : row.problems.length > 0 ? '与当前的外壳不兼容' : '';
  const activateOne = async () => {
    try {
      await activate({ remote: remote.remote, release: row.release }).unwrap();
      void message.success(`${remote.title}已启用 ${row.release}`);
    } catch {
      // refused: the server's msg is shown
    }
  };
  if (blocked) {
    return (
      <Space>
        <Tooltip title={blocked}>
          <Button size="small" disabled aria-label={`启用${row.release}`}>
            启用
          </Button>
        </Tooltip>
        <Tooltip title={blocked}>
          <Button size="small" disabled aria-label={`灰度${row.release}`}>
            灰度
          </Button>
        </Tooltip>
      </Space>
    );
  }
  return (
    <Space>
      <Popconfirm
        title={`确定启用 ${row.release} 吗？`}
        description={
          remote.canary
            ? `${remote.title}的所有访问者将立即使用这个版本，正在进行的灰度随之结束。`
            : `${remote.title}的所有访问者将立即使用这个版本。`
        }
        okText="启用"
        cancelText="取消"
        onConfirm={activateOne}
      >
        <Button size="small" type="primary" ghost aria-label={`启用${row.release}`}>
          启用
        </Button>
      </Popconfirm>
      <Button size="small" aria-label={`灰度${row.release}`} onClick={() => onCanary(row)}>
        灰度
      </Button>
    </Space>
  );
}

/** 全量发布 (while a canary runs) and 回滚 (ends the canary, or returns to the release before). */
function RemoteActions({ remote }: { remote: RemoteReleases }) {
  const { message } = AntApp.useApp();
  const [promote, { isLoading: promoting }] = adminApi.usePromoteReleaseMutation();
  const [rollback, { isLoading: rollingBack }] = adminApi.useRollbackReleaseMutation();
  const { canary, previous, active, title } = remote;
  const send = async (action: typeof promote | typeof rollback, done: string) => {
    try {
      await action({ remote: remote.remote }).unwrap();
      void message.success(done);
    } catch {
      // refused: the server's msg is shown
    }
  };
  return (
    <Space wrap>
      {canary && (
        <Popconfirm
          title={`确定全量发布 ${canary.release} 吗？`}
          description={`${title}的所有访问者都将使用这个版本，灰度结束。`}
          okText="全量发布"
          cancelText="取消"
          onConfirm={() => send(promote, `${title}已全量发布 ${canary.release}`)}
        >
          <Button type="primary" loading={promoting}>
            全量发布
          </Button>
        </Popconfirm>
      )}
      {canary || previous ? (
        <Popconfirm
          title={canary ? '确定结束灰度吗？' : `确定回滚到 ${previous} 吗？`}
          description={
            canary
              ? `灰度版本 ${canary.release} 停止使用，所有访问者继续使用当前版本 ${active ?? ''}。`
              : `${title}的所有访问者将立即回到 ${previous}，当前版本 ${active ?? ''} 仍保留，可再次启用。`
          }
          okText={canary ? '结束灰度' : '回滚'}
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => send(rollback, canary ? `${title}已结束灰度` : `${title}已回滚到 ${previous}`)}
        >
          <Button danger loading={rollingBack}>
            回滚
          </Button>
        </Popconfirm>
      ) : (
        <Tooltip title="没有灰度，也没有可回滚的版本">
          <Button disabled>回滚</Button>
        </Tooltip>
      )}
    </Space>
  );
}

/**
 * The canary, its share and how it fares so far: its visitors and how many met a failure, which is what it is
 * judged by (in red once that share is over the policy's), and its pages.
 */
function CanarySummary({ remote, policy }: { remote: RemoteReleases; policy: ReleasesOverview['canaryPolicy'] }) {
  const { canary } = remote;
  if (!canary) return none;
  const stats = remote.releases.find((row) => row.release === canary.release)?.stats;
  const rate = stats && stats.visitors > 0 ? stats.failedVisitors / stats.visitors : 0;
  return (
    <Space size={4} wrap>
      <Code>{canary.release}</Code>
      <Tag color="orange">灰度 {canary.percent}%</Tag>
      <Typography.Text type="secondary">自 {canary.since} 起</Typography.Text>
      {stats && (
        <Typography.Text type={rate > policy.maxErrorRate ? 'danger' : 'secondary'}>
          {stats.visitors} 位访客中 {stats.failedVisitors} 位遇到错误
          {stats.visitors > 0 && `（${percentOf(rate)}%）`}，已访问 {stats.views} 次
        </Typography.Text>
      )}
    </Space>
  );
}

/** One remote: what serves now, the canary, the rollback target, and its kept releases. */
function RemoteSection({ remote, policy }: { remote: RemoteReleases; policy: ReleasesOverview['canaryPolicy'] }) {
  const [canaryFor, setCanaryFor] = useState<ReleaseRow | null>(null);
  const [canaryOpen, setCanaryOpen] = useState(false);
  const openCanary = (row: ReleaseRow) => {
    setCanaryFor(row);
    setCanaryOpen(true);
  };
  const table = useRowTable<ReleaseRow>({
    columns: releaseColumns(remote),
    title: 'release',
    scrollX: 1046,
    buttons: remote.external
      ? undefined
      : { width: 130, render: (row) => <RowActions remote={remote} row={row} onCanary={openCanary} /> },
  });
  return (
    <section aria-label={remote.title}>
      <Card
        className={styles.card}
        title={remote.title}
        extra={remote.external ? null : <RemoteActions remote={remote} />}
      >
        {remote.external ? (
          <Alert
            type="info"
            showIcon
            title="由其他地址提供，不在这里切换版本"
            description={
              <>
                服务器设置的 <Typography.Text code>{`REMOTE_${remote.remote.toUpperCase()}_URL`}</Typography.Text>{' '}
                固定指向另一处的一个版本，{remote.title}从那里加载；要更换版本，请修改这个地址。
              </>
            }
          />
        ) : (
          <Descriptions
            data-testid="release-summary"
            size="small"
            column={{ xs: 1, md: 3 }}
            items={[
              { key: 'active', label: '当前版本', children: remote.active ? <Code>{remote.active}</Code> : none },
              { key: 'canary', label: '灰度', children: <CanarySummary remote={remote} policy={policy} /> },
              {
                key: 'previous',
                label: '回滚目标',
                children: remote.previous ? <Code>{remote.previous}</Code> : none,
              },
            ]}
          />
        )}
        {(remote.releases.length > 0 || !remote.external) && (
          <Table<ReleaseRow>
            style={{ marginTop: 16 }}
            rowKey="release"
            size="small"
            bordered
            {...table}
            dataSource={remote.releases}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有保留的版本" /> }}
            // A release the shell cannot run says why, in a row of its own under it.
            expandable={{
              showExpandColumn: false,
              expandedRowKeys: remote.releases.filter((row) => row.problems.length > 0).map((row) => row.release),
              rowExpandable: (row) => row.problems.length > 0,
              expandedRowRender: (row) => (
                <Typography.Text type="danger">
                  <WarningOutlined /> {row.release} 不兼容：{row.problems.join('；')}
                </Typography.Text>
              ),
            }}
          />
        )}
      </Card>
      {canaryFor && (
        <CanaryDialog
          remote={remote}
          row={canaryFor}
          open={canaryOpen}
          onClose={() => setCanaryOpen(false)}
          afterClose={() => setCanaryFor(null)}
        />
      )}
    </section>
  );
}

function ActionTag({ event }: { event: ReleaseEvent }) {
  const action = ACTIONS[event.action];
  return (
    <Tag color={action.color}>
      {action.text}
      {event.action === 'canary' && event.percent !== null && ` ${event.percent}%`}
    </Tag>
  );
}

function eventColumns(overview: ReleasesOverview): TableColumnsType<ReleaseEvent> {
  const titles = new Map(overview.remotes.map((remote) => [remote.remote, remote.title]));
  return [
    { title: '时间', dataIndex: 'at', width: 180 },
    { title: '站点', dataIndex: 'remote', width: 90, render: (remote: RemoteName) => titles.get(remote) ?? remote },
    {
      title: '操作',
      dataIndex: 'action',
      width: 110,
      render: (_: ReleaseAction, event) => <ActionTag event={event} />,
    },
    {
      title: '从 → 到',
      key: 'change',
      width: 250,
      render: (_, event) => `${event.from ?? '—'} → ${event.to ?? '—'}`,
    },
    { title: '操作人', dataIndex: 'actor', width: 220 },
    { title: '说明', dataIndex: 'detail', render: (detail: string) => detail || '—' },
  ];
}

/** The record as a list, for phones: a table of six columns would have to be scrolled sideways. */
function EventList({ overview }: { overview: ReleasesOverview }) {
  const titles = new Map(overview.remotes.map((remote) => [remote.remote, remote.title]));
  if (overview.events.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有发布记录" />;
  }
  return (
    <ol className={styles.events}>
      {overview.events.map((event) => (
        <li key={event.id}>
          <div>
            <ActionTag event={event} /> {titles.get(event.remote) ?? event.remote}{' '}
            <Typography.Text type="secondary">{event.at}</Typography.Text>
          </div>
          <div>
            {event.from ?? '—'} → {event.to ?? '—'}
          </div>
          <Typography.Text type="secondary">{event.actor}</Typography.Text>
          {event.detail && <div>{event.detail}</div>}
        </li>
      ))}
    </ol>
  );
}

/**
 * `releases`: 版本发布 (docs/behaviour.md#remote-releases). For each remote, the release that serves, the canary
 * and the rollback target, and its kept releases with their record and error counts; 启用, 灰度, 全量发布 and
 * 回滚 after a confirmation; then the record of every switch. Read again every 10 s.
 */
export function ReleasesScreen() {
  usePageTitle('版本发布');
  // `false` below the md breakpoint only (unknown before the first measure: the table then).
  const phone = Grid.useBreakpoint().md === false;
  const { data, isError, refetch } = adminApi.useReleasesQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: REFRESH_MS,
  });
  // The button turns only for a refresh asked for, not for each poll.
  const [reloading, setReloading] = useState(false);
  const reload = () => {
    setReloading(true);
    void refetch().finally(() => setReloading(false));
  };

  if (!data) {
    return (
      <Card title="版本发布">
        <LoadState failed={isError} failedText="版本信息加载失败" onReload={reload} />
      </Card>
    );
  }

  const { maxErrorRate, minViews, minVisitors } = data.canaryPolicy;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card className={styles.card} size="small">
        <Flex justify="space-between" align="flex-start" gap="small" wrap>
          <div style={{ flex: '1 1 420px' }}>
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              启用：所有访问者立即使用所选版本。灰度：先让一部分访问者使用新版本，确认访问和错误数正常后再全量发布，否则回滚。访问和错误数从版本最近一次启用或灰度时算起。
            </Typography.Paragraph>
            <Typography.Paragraph strong style={{ margin: 0 }}>
              灰度版本遇到错误的访客超过 {percentOf(maxErrorRate)}%（至少 {minViews} 次访问、{minVisitors}{' '}
              位访客后）会自动回滚。
            </Typography.Paragraph>
          </div>
          <Space>
            <Typography.Text type="secondary">每 10 秒自动刷新</Typography.Text>
            <Button icon={<ReloadOutlined />} loading={reloading} onClick={reload}>
              刷新
            </Button>
          </Space>
        </Flex>
      </Card>
      {data.remotes.map((remote) => (
        <RemoteSection key={remote.remote} remote={remote} policy={data.canaryPolicy} />
      ))}
      <section aria-label="发布记录">
        <Card className={styles.card} title="发布记录">
          {phone ? (
            <EventList overview={data} />
          ) : (
            <Table<ReleaseEvent>
              rowKey="id"
              size="small"
              scroll={{ x: 1040 }}
              dataSource={data.events}
              columns={eventColumns(data)}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有发布记录" /> }}
            />
          )}
        </Card>
      </section>
    </Space>
  );
}
