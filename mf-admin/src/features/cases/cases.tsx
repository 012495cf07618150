import { Button, Form, Image, Input, Radio, Select, Tag, type TableColumnsType } from 'antd';
import {
  CASE_CLASSES,
  CasePinned,
  EMPTY_SEO,
  type CaseAdminRow,
  type CaseForm,
  type MenuLink,
} from '@site/shared-types';
import { adminApi } from '../../admin-api';
import { DateField, sentDate } from '../../common/date-field';
import formLayout from '../../common/form-layout.module.css';
import { ImageField } from '../../common/image-field';
import { ListScreen } from '../../common/list-screen';
import { optionsOf } from '../../common/options';
import { PublishingFields, publishingFooter, statusColumn } from '../../common/publishing';
import { draftFooter, ReviewNotice, ReviewQueue, useContributor } from '../../common/review';
import { useRevisionsDialog } from '../../common/revisions-dialog';
import { RichText } from '../../common/rich-text';
import { SeoFields } from '../../common/seo-fields';
import { useEditor } from '../../common/use-editor';
import { useListScreen } from '../../common/use-list-screen';

/** The form's values: the screenshots are edited as plain addresses. */
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
  ...EMPTY_SEO,
  status: 'draft',
  publish_at: null,
};

const COLUMNS: TableColumnsType<CaseAdminRow> = [
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
  statusColumn<CaseAdminRow>(),
  { title: '日期', dataIndex: 'create_time', width: 120 },
];

/** Every case field (docs/behaviour.md#cases-and-articles), the screenshots as a list of pictures. */
function CaseFields({ services }: { services: readonly MenuLink[] }) {
  return (
    <>
      <ReviewNotice />
      <Form.Item label="案例名称" name="name" rules={[{ required: true, whitespace: true, message: '请填写案例名称' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <div className={formLayout.shortRow}>
        <Form.Item label="所属服务" name="dict_id" rules={[{ required: true }]}>
          <Select options={optionsOf(services)} />
        </Form.Item>
        <Form.Item label="案例分类" name="class_id" rules={[{ required: true }]}>
          <Select options={optionsOf(CASE_CLASSES)} />
        </Form.Item>
        <Form.Item label="置顶" name="top">
          <Radio.Group
            options={[
              { value: CasePinned.Pinned, label: '置顶' },
              { value: CasePinned.NotPinned, label: '不置顶' },
            ]}
          />
        </Form.Item>
        <DateField />
      </div>
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
        {(fields, { add, remove }) => (
          <Form.Item label="案例截图">
            {fields.map((field) => (
              <div key={field.key} className={formLayout.entry}>
                <Form.Item name={field.name} noStyle>
                  <ImageField label={`截图 ${field.name + 1}`} />
                </Form.Item>
                <Button onClick={() => remove(field.name)}>移除</Button>
              </div>
            ))}
            <Button onClick={() => add('')}>添加截图</Button>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item label="案例详情" name="content">
        <RichText label="案例详情" />
      </Form.Item>
      <SeoFields nameField="name" nameLabel="案例名称" />
      <PublishingFields />
    </>
  );
}

/** `case`: the cases, paged, searchable and filtered by service, with the edit dialog. */
export function CasesScreen() {
  const screen = useListScreen({
    title: '案例管理',
    useList: adminApi.useCasesQuery,
    useRemove: adminApi.useDeleteCaseMutation,
  });
  const services = screen.answer?.menu ?? [];
  const editor = useEditor(
    { useGet: adminApi.useGetCaseQuery, useAmend: adminApi.useAmendCaseMutation },
    {
      noun: '案例',
      blank: (): CaseValues => ({ ...EMPTY, dict_id: services[0]?.id ?? EMPTY.dict_id }),
      toValues: (stored): CaseValues => ({ ...stored, banner: stored.banner.map((shot) => shot.url) }),
      toPayload: (values) => ({
        ...values,
        banner: (values.banner ?? []).filter(Boolean).map((url) => ({ url })),
        create_time: sentDate(values.create_time),
      }),
    },
  );
  const history = useRevisionsDialog('case');
  const contributor = useContributor();
  return (
    <>
      <ReviewQueue kind="case" />
      <ListScreen
        screen={screen}
        filter={{ label: '按服务筛选', all: '全部服务' }}
        stateFilter
        searchPlaceholder="案例名称"
        titleColumn="name"
        scrollX={1050}
        columns={COLUMNS}
        actions={{
          width: 230,
          name: (row) => row.name,
          confirm: () => '确定删除这个案例吗？删除后可在回收站中恢复（保留 30 天）。',
          extra: (row) => (
            <Button size="small" onClick={() => history.open(row.id, row.name)} aria-label={`${row.name}的历史版本`}>
              历史版本
            </Button>
          ),
        }}
        editor={{
          ...editor,
          fields: <CaseFields services={services} />,
          footer: contributor ? draftFooter(editor, 'case') : publishingFooter(editor, 'case'),
        }}
      />
      {history.dialog}
    </>
  );
}
