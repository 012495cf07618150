import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Grid, Space, Table, Typography } from 'antd';
import type { ReleaseEvent } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { LoadState } from '../../common/load-state';
import { EventList, eventColumns } from './release-events';
import { percentOf } from './release-text';
import { RemoteSection } from './remote-section';
import styles from './releases.module.css';

/** How often the screen reads the overview again while it is open (the error counts change by themselves). */
const REFRESH_MS = 10_000;

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
