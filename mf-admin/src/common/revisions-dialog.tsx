import { useState } from 'react';
import { App as AntApp, Alert, Button, Modal, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { REVISION_ACTION_NAMES, type RevisionItemRequest, type RevisionRow } from '@site/shared-types';
import { adminApi } from '../admin-api';
import styles from './review.module.css';
import { useMay } from './use-account';

/**
 * 历史版本 (docs/behaviour.md#revisions): the saved versions of a case, an article or a site block, newest first, with
 * who saved each and when, and what made it (a save, a restore, or a step of review with the editor's comment:
 * docs/behaviour.md#review-before-publishing); 恢复此版本 saves an older one again (after a confirmation), which is a
 * new version itself.
 */
export function RevisionsDialog({
  item,
  name,
  onClose,
  onRestored,
}: {
  /** Whose history; `null`: the dialog is closed. */
  item: RevisionItemRequest | null;
  /** What the item is called in the dialog's title. */
  name: string;
  onClose: () => void;
  /** After a restore (an editor drops its unsaved edits: the restored version replaces them). */
  onRestored?: () => void;
}) {
  const { message } = AntApp.useApp();
  const { data, isFetching } = adminApi.useRevisionsQuery(item ?? { kind: 'header' }, {
    skip: !item,
    refetchOnMountOrArgChange: true,
  });
  const [restore, { isLoading: restoring }] = adminApi.useRestoreRevisionMutation();
  // Restoring needs `edit`: a contributor reads the history only.
  const mayRestore = useMay('edit');
  const newest = data?.list[0]?.number;

  const restoreOne = async (number: number) => {
    if (!item) return;
    try {
      const answer = await restore({ ...item, number }).unwrap();
      onRestored?.();
      void message.success(`已恢复第 ${number} 版（保存为第 ${answer.number} 版）`);
    } catch {
      // refused: the server's msg is shown
    }
  };

  const columns: TableColumnsType<RevisionRow> = [
    {
      title: '版本',
      dataIndex: 'number',
      width: 130,
      render: (number: number) => (
        <>
          第 {number} 版 {number === newest ? <Tag color="blue">当前</Tag> : null}
        </>
      ),
    },
    { title: '保存时间', dataIndex: 'created_at', width: 170 },
    { title: '保存人', dataIndex: 'author', ellipsis: true, render: (author: string) => author || '（已删除的账号）' },
    {
      title: '说明',
      dataIndex: 'action',
      width: 120,
      render: (action: RevisionRow['action'], row) =>
        row.restored_from ? `恢复自第 ${row.restored_from} 版` : REVISION_ACTION_NAMES[action ?? 'save'],
    },
    {
      title: '备注',
      dataIndex: 'note',
      width: 180,
      render: (note: string) => <span className={styles.note}>{note}</span>,
    },
    {
      title: '操作',
      width: 120,
      fixed: 'right',
      render: (_, row) =>
        row.number === newest || !mayRestore ? null : (
          <Popconfirm
            title={`确定恢复第 ${row.number} 版吗？`}
            description="当前内容会被替换；恢复本身也会保存为一个新版本。"
            okText="恢复"
            cancelText="取消"
            onConfirm={() => restoreOne(row.number)}
            disabled={data?.trashed}
          >
            <Button size="small" disabled={data?.trashed || restoring} aria-label={`恢复第 ${row.number} 版`}>
              恢复此版本
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Modal
      title={`历史版本：${name}`}
      open={Boolean(item)}
      onCancel={onClose}
      footer={null}
      width={920}
      destroyOnHidden
    >
      {data?.trashed ? (
        <Alert type="warning" showIcon title="该内容在回收站中：先从回收站恢复，才能恢复它的历史版本。" />
      ) : null}
      <p>每次保存都会留下一个版本，最多保留最近 {data?.kept ?? 30} 个。</p>
      <Table<RevisionRow>
        rowKey="number"
        size="small"
        scroll={{ x: 820 }}
        loading={isFetching}
        dataSource={data?.list ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: '还没有历史版本：保存一次后这里就会出现' }}
      />
    </Modal>
  );
}

/** The state of a list screen's 历史版本 dialog: which row's history is open. */
export function useRevisionsDialog(kind: 'case' | 'news') {
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  return {
    open: (id: number, name: string) => setOpen({ id, name }),
    dialog: (
      <RevisionsDialog
        item={open ? { kind, id: open.id } : null}
        name={open?.name ?? ''}
        onClose={() => setOpen(null)}
      />
    ),
  };
}
