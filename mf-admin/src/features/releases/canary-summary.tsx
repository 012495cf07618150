import { Space, Tag, Typography } from 'antd';
import type { ReleasesOverview, RemoteReleases } from '@site/shared-types';
import { Code, none, percentOf } from './release-text';

/**
 * The canary, its share and how it fares so far: its visitors and how many met a failure, which is what it is
 * judged by (in red once that share is over the policy's), and its pages.
 */
export function CanarySummary({
  remote,
  policy,
}: {
  remote: RemoteReleases;
  policy: ReleasesOverview['canaryPolicy'];
}) {
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
