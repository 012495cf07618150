import { Space, Tag, type TableColumnsType } from 'antd';
import type { ReleaseRow, ReleaseState, RemoteReleases } from '@site/shared-types';
import { Code, failures, kilobytes } from './release-text';

const STATES: Record<Exclude<ReleaseState, 'canary'>, { text: string; color: string }> = {
  active: { text: '当前', color: 'green' },
  previous: { text: '可回滚', color: 'blue' },
  kept: { text: '保留', color: 'default' },
};

function StateTag({ row, remote }: { row: ReleaseRow; remote: RemoteReleases }) {
  if (row.state === 'canary') return <Tag color="orange">灰度 {remote.canary?.percent ?? '?'}%</Tag>;
  const state = STATES[row.state];
  return <Tag color={state.color}>{state.text}</Tag>;
}

/** What a kept release is: its record (build, versions, size) and its counts since it last went live. */
export function releaseColumns(remote: RemoteReleases): TableColumnsType<ReleaseRow> {
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
