import { Empty, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReleaseAction, ReleaseEvent, ReleasesOverview, RemoteName } from '@site/shared-types';
import styles from './releases.module.css';

const ACTIONS: Record<ReleaseAction, { text: string; color: string }> = {
  activate: { text: '启用', color: 'blue' },
  canary: { text: '灰度', color: 'orange' },
  promote: { text: '全量发布', color: 'green' },
  abandon: { text: '放弃灰度', color: 'default' },
  rollback: { text: '回滚', color: 'purple' },
  'auto-rollback': { text: '自动回滚', color: 'red' },
  refused: { text: '拒绝启用', color: 'red' },
};

function ActionTag({ event }: { event: ReleaseEvent }) {
  const action = ACTIONS[event.action];
  return (
    <Tag color={action.color}>
      {action.text}
      {event.action === 'canary' && event.percent !== null && ` ${event.percent}%`}
    </Tag>
  );
}

/** The record of switches as a table: when, which remote, what, from and to, who, and why. */
export function eventColumns(overview: ReleasesOverview): TableColumnsType<ReleaseEvent> {
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
export function EventList({ overview }: { overview: ReleasesOverview }) {
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
