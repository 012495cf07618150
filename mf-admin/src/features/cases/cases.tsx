import { useState } from 'react';
import { App as AntApp, Button, Card, Form, Image, Input, Popconfirm, Radio, Select, Space, Table, Tag } from 'antd';
import { CASE_CLASSES, CasePinned, type CaseAdminRow, type CaseForm } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { usePagedList } from '../../common/paging';
import { EditDialog } from '../../common/edit-dialog';
import { useFillOnOpen } from '../../common/fill-on-open';
import { ImageField } from '../../common/image-field';
import { RichText } from '../../common/rich-text';

type CaseValues = Omit<CaseForm, 'banner'> & { banner: string[] };

const EMPTY: CaseValues = {
  id: 0,
  name: '',
  intro: '',
  scene: '',
  site: '',
  img: '',
  top: CasePinned.NotPinned,
  dict_id: 3,
  class_id: 1,
  code_img: '',
  banner: [],
  content: '',
};

/** `case`: the cases, paged and searchable, with the edit dialog (every case field, spec §3). */
export function CasesScreen() {
  usePageTitle('案例管理');
  const { message } = AntApp.useApp();
  const [search, setSearch] = useState('');
  const [menu, setMenu] = useState(0);
  const { page, setPage, afterDelete } = usePagedList();
  const { data, isFetching } = adminApi.useCasesQuery({ page, search: search || undefined, menu: menu || undefined });
  const [remove] = adminApi.useDeleteCaseMutation();
  const [amend, { isLoading: saving }] = adminApi.useAmendCaseMutation();
  const [editing, setEditing] = useState<number | null>(null);
  const [form] = Form.useForm<CaseValues>();
  const current = adminApi.useGetCaseQuery(editing ?? 0, { skip: !editing, refetchOnMountOrArgChange: true });
  const list = data?.list;
  const services = data?.menu ?? [];

  const stored = current.isFetching ? undefined : current.currentData;
  useFillOnOpen(
    form,
    editing,
    editing === 0
      ? { ...EMPTY, dict_id: services[0]?.id ?? EMPTY.dict_id }
      : stored && { ...stored, banner: stored.banner.map((b) => b.url) },
  );

  const save = async (values: CaseValues) => {
    try {
      await amend({
        ...values,
        id: editing ?? 0,
        banner: (values.banner ?? []).filter(Boolean).map((url) => ({ url })),
        create_time: values.create_time || undefined,
      }).unwrap();
      void message.success('保存成功');
      return true;
    } catch {
      return false;
    }
  };

  return (
    <Card
      title="案例管理"
      extra={
        <Space wrap>
          <Select
            aria-label="按服务筛选"
            style={{ width: 140 }}
            value={menu}
            onChange={(value) => (setMenu(value), setPage(1))}
            options={[
              { value: 0, label: '全部服务' },
              ...services.map((entry) => ({ value: entry.id, label: entry.name })),
            ]}
          />
          <Input.Search placeholder="案例名称" allowClear onSearch={(value) => (setSearch(value.trim()), setPage(1))} />
          <Button type="primary" onClick={() => setEditing(0)}>
            新增案例
          </Button>
        </Space>
      }
    >
      <Table<CaseAdminRow>
        rowKey="id"
        scroll={{ x: 880 }}
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
          {
            title: '封面',
            dataIndex: 'img',
            width: 100,
            render: (img: string, row) => (
              <Image src={img} alt={row.name} width={80} height={60} style={{ objectFit: 'cover' }} />
            ),
          },
          { title: '名称', dataIndex: 'name', ellipsis: true },
          { title: '服务', dataIndex: 'dict_name', width: 110 },
          { title: '分类', dataIndex: 'class_name', width: 110 },
          {
            title: '置顶',
            dataIndex: 'top',
            width: 70,
            render: (top: number) => (top === CasePinned.Pinned ? <Tag color="gold">置顶</Tag> : null),
          },
          { title: '日期', dataIndex: 'create_time', width: 120 },
          {
            title: '操作',
            width: 140,
            // Stays in view while the other columns scroll (phones).
            fixed: 'right',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row.id)} aria-label={`编辑${row.name}`}>
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除这个案例吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={async () => {
                    await remove({ id: row.id }).unwrap();
                    void message.success('删除成功');
                    afterDelete(list?.data.length ?? 0);
                  }}
                >
                  <Button size="small" danger aria-label={`删除${row.name}`}>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <EditDialog<CaseValues>
        title={editing ? '编辑案例' : '新增案例'}
        open={editing !== null}
        form={form}
        loading={Boolean(editing) && current.isFetching}
        saving={saving}
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label="案例名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请填写案例名称' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item label="所属服务" name="dict_id" rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              options={services.map((entry) => ({ value: entry.id, label: entry.name }))}
            />
          </Form.Item>
          <Form.Item label="案例分类" name="class_id" rules={[{ required: true }]}>
            <Select
              style={{ width: 160 }}
              options={CASE_CLASSES.map((entry) => ({ value: entry.id, label: entry.name }))}
            />
          </Form.Item>
          <Form.Item label="置顶" name="top">
            <Radio.Group
              options={[
                { value: CasePinned.Pinned, label: '置顶' },
                { value: CasePinned.NotPinned, label: '不置顶' },
              ]}
            />
          </Form.Item>
          <Form.Item label="发布日期" name="create_time" extra="留空为今天">
            <Input type="date" style={{ width: 160 }} />
          </Form.Item>
        </Space>
        <Form.Item label="应用场景" name="scene">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label="简介" name="intro">
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
        </Form.Item>
        <Form.Item label="网站地址" name="site">
          <Input placeholder="https://" maxLength={255} />
        </Form.Item>
        <Form.Item label="封面图" name="img" rules={[{ required: true, message: '请上传封面图' }]}>
          <ImageField label="封面图" />
        </Form.Item>
        <Form.Item label="二维码" name="code_img">
          <ImageField label="二维码" />
        </Form.Item>
        <Form.List name="banner">
          {(fields, { add, remove: removeShot }) => (
            <Form.Item label="案例截图">
              {fields.map((field) => (
                <Space key={field.key} align="start" style={{ display: 'flex', marginBottom: 8 }}>
                  <Form.Item name={field.name} noStyle>
                    <ImageField label={`截图 ${field.name + 1}`} />
                  </Form.Item>
                  <Button onClick={() => removeShot(field.name)}>移除</Button>
                </Space>
              ))}
              <Button onClick={() => add('')}>添加截图</Button>
            </Form.Item>
          )}
        </Form.List>
        <Form.Item label="案例详情" name="content">
          <RichText label="案例详情" />
        </Form.Item>
      </EditDialog>
    </Card>
  );
}
