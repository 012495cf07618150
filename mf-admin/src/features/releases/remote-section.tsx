import { useState } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Empty, Table, Typography } from 'antd';
import type { ReleaseRow, ReleasesOverview, RemoteReleases } from '@site/shared-types';
import { useRowTable } from '../../common/row-table';
import { CanaryDialog } from './canary-dialog';
import { CanarySummary } from './canary-summary';
import { releaseColumns } from './release-columns';
import { Code, none } from './release-text';
import { RemoteActions } from './remote-actions';
import { RowActions } from './row-actions';
import styles from './releases.module.css';

/** One remote: what serves now, the canary, the rollback target, and its kept releases. */
export function RemoteSection({
  remote,
  policy,
}: {
  remote: RemoteReleases;
  policy: ReleasesOverview['canaryPolicy'];
}) {
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
