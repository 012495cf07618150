import { App as AntApp, Button, Popconfirm, Space, Tooltip } from 'antd';
import type { RemoteReleases } from '@site/shared-types';
import { adminApi } from '../../admin-api';

/** 全量发布 (while a canary runs) and 回滚 (ends the canary, or returns to the release before). */
export function RemoteActions({ remote }: { remote: RemoteReleases }) {
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
