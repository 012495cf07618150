import { App as AntApp, Button, Popconfirm, Space, Tooltip } from 'antd';
import type { ReleaseRow, RemoteReleases } from '@site/shared-types';
import { adminApi } from '../../admin-api';

/** 启用 and 灰度 on one kept release: each says why when it cannot be used. */
export function RowActions({
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
