import { useState } from 'react';
import { App as AntApp, Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import type { Message } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { usePagedList } from '../../common/paging';
import styles from './messages.module.css';

/** `leaveword`: the leads from the contact form, newest first; mark read, delete. */
export function MessagesScreen() {
  usePageTitle('留言管理');
  const { message } = AntApp.useApp();
  const [search, setSearch] = useState('');
  const { page, setPage, afterDelete } = usePagedList();
  const { data, isFetching } = adminApi.useMessagesQuery({ page, search: search || undefined });
  const [markRead] = adminApi.useReadMessageMutation();
  const [remove] = adminApi.useDeleteMessageMutation();
  const list = data?.list;
  return (
    <Card
      title="留言管理"
      extra={
        <Input.Search
          placeholder="姓名、电话或内容"
          allowClear
          onSearch={(value) => (setSearch(value.trim()), setPage(1))}
        />
      }
    >
      <Table<Message>
        rowKey="id"
        scroll={{ x: 860 }}
        loading={isFetching}
        dataSource={list?.data ?? []}
        expandable={{
          columnTitle: <span className={styles.visuallyHidden}>展开</span>,
          expandedRowRender: (row) => <p style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{row.content}</p>,
        }}
        pagination={
          list && list.last_page > 1
            ? {
                current: list.current_page,
                pageSize: list.per_page,
                total: list.total,
                onChange: setPage,
                showSizeChanger: false,
              }
            : false
        }
        columns={[
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
          {
            title: '操作',
            width: 150,
            // Stays in view while the other columns scroll (phones).
            fixed: 'right',
            render: (_, row) => (
              <Space>
                {row.read ? null : (
                  <Button size="small" onClick={() => void markRead({ id: row.id, read: true })}>
                    标为已读
                  </Button>
                )}
                <Popconfirm
                  title="确定删除这条留言吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={async () => {
                    await remove({ id: row.id }).unwrap();
                    void message.success('删除成功');
                    afterDelete(list?.data.length ?? 0);
                  }}
                >
                  <Button size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
