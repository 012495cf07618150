import { Button, Tag, type TableColumnsType } from 'antd';
import type { Message } from '@site/shared-types';
import { adminApi } from '../../admin-api';
import { ListScreen } from '../../common/list-screen';
import { useListScreen } from '../../common/use-list-screen';
import { ExportMessages } from './export-messages';
import styles from './messages.module.css';

const COLUMNS: TableColumnsType<Message> = [
  { title: '时间', dataIndex: 'create_time', width: 150 },
  { title: '姓名', dataIndex: 'name', width: 120 },
  { title: '电话', dataIndex: 'phone', width: 140 },
  { title: '邮箱', dataIndex: 'email', ellipsis: true },
  { title: '内容', dataIndex: 'content', ellipsis: true },
  {
    title: '状态',
    dataIndex: 'read',
    width: 80,
    render: (read: boolean) => (read ? <Tag>已读</Tag> : <Tag color="blue">未读</Tag>),
  },
];

/**
 * `leaveword`: the leads from the contact form, newest first, the whole text under its row; mark read, delete; the
 * search's messages exported as Excel or CSV.
 */
export function MessagesScreen() {
  const screen = useListScreen({
    title: '留言管理',
    useList: adminApi.useMessagesQuery,
    useRemove: adminApi.useDeleteMessageMutation,
  });
  const [markRead] = adminApi.useReadMessageMutation();
  return (
    <ListScreen
      screen={screen}
      searchPlaceholder="姓名、电话或内容"
      tools={<ExportMessages search={screen.search} />}
      titleColumn="name"
      scrollX={860}
      columns={COLUMNS}
      expandable={{
        columnTitle: <span className={styles.visuallyHidden}>展开</span>,
        expandedRowRender: (row) => <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{row.content}</p>,
      }}
      actions={{
        width: 150,
        confirm: () => '确定删除这条留言吗？',
        extra: (row) =>
          row.read ? null : (
            <Button size="small" onClick={() => void markRead({ id: row.id, read: true })}>
              标为已读
            </Button>
          ),
      }}
    />
  );
}
