import { useState } from 'react';
import { App as AntApp, Button, Card, Form, Input, Popconfirm, Select, Space, Table } from 'antd';
import type { NewsAdminRow, NewsForm } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { usePagedList } from '../../common/paging';
import { EditDialog } from '../../common/edit-dialog';
import { useFillOnOpen } from '../../common/fill-on-open';
import { ImageField } from '../../common/image-field';
import { RichText } from '../../common/rich-text';

const EMPTY: NewsForm = { id: 0, title: '', intro: '', img: '', dynamic_id: 1, content: '' };

/** `article`: the news articles, paged, searchable and filtered by category, with the editor (CKEditor 5). */
export function ArticlesScreen() {
  usePageTitle('文章管理');
  const { message } = AntApp.useApp();
  const [search, setSearch] = useState('');
  const [menu, setMenu] = useState(0);
  const { page, setPage, afterDelete } = usePagedList();
  const { data, isFetching } = adminApi.useNewsQuery({ page, search: search || undefined, menu: menu || undefined });
  const [remove] = adminApi.useDeleteNewsMutation();
  const [amend, { isLoading: saving }] = adminApi.useAmendNewsMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const [form] = Form.useForm<NewsForm>();
  const current = adminApi.useGetNewsQuery(editing ?? 0, { skip: !editing, refetchOnMountOrArgChange: true });
  const list = data?.list;
  const categories = data?.menu ?? [];

  useFillOnOpen(
    form,
    editing,
    editing === 0
      ? { ...EMPTY, dynamic_id: categories[0]?.id ?? EMPTY.dynamic_id }
      : current.isFetching
        ? undefined
        : current.currentData,
  );

  return (
    <Card
      title="文章管理"
      extra={
        <Space wrap>
          <Select
            aria-label="按分类筛选"
            style={{ width: 140 }}
            value={menu}
            onChange={(value) => (setMenu(value), setPage(1))}
            options={[
              { value: 0, label: '全部分类' },
              ...categories.map((entry) => ({ value: entry.id, label: entry.name })),
            ]}
          />
          <Input.Search placeholder="文章标题" allowClear onSearch={(value) => (setSearch(value.trim()), setPage(1))} />
          <Button type="primary" onClick={() => setEditing(0)}>
            新增文章
          </Button>
        </Space>
      }
    >
      <Table<NewsAdminRow>
        rowKey="id"
        scroll={{ x: 720 }}
        loading={isFetching}
        dataSource={list?.data ?? []}
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
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '分类', dataIndex: 'dynamic_name', width: 120 },
          { title: '日期', dataIndex: 'create_time', width: 120 },
          {
            title: '操作',
            width: 140,
            // Stays in view while the other columns scroll (phones).
            fixed: 'right',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row.id)} aria-label={`编辑${row.title}`}>
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除这篇文章吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={async () => {
                    await remove({ id: row.id }).unwrap();
                    void message.success('删除成功');
                    afterDelete(list?.data.length ?? 0);
                  }}
                >
                  <Button size="small" danger aria-label={`删除${row.title}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EditDialog<NewsForm>
        title={editing ? '编辑文章' : '新增文章'}
        open={editing !== null}
        form={form}
        loading={Boolean(editing) && current.isFetching}
        saving={saving}
        onSave={async (values) => {
          try {
            await amend({ ...values, id: editing ?? 0, create_time: values.create_time || undefined }).unwrap();
            void message.success('保存成功');
            return true;
          } catch {
            return false;
          }
        }}
        onClose={() => setEditing(null)}
      >
        <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item label="分类" name="dynamic_id" rules={[{ required: true }]}>
            <Select
              style={{ width: 200 }}
              options={categories.map((entry) => ({ value: entry.id, label: entry.name }))}
            />
          </Form.Item>
          <Form.Item label="发布日期" name="create_time" extra="留空为今天">
            <Input type="date" style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item label="摘要" name="intro">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
        </Form.Item>
        <Form.Item label="封面图" name="img">
          <ImageField label="封面图" />
        </Form.Item>
        <Form.Item label="正文" name="content" rules={[{ required: true, message: '请填写正文' }]}>
          <RichText label="正文" />
        </Form.Item>
      </EditDialog>
    </Card>
  );
}
