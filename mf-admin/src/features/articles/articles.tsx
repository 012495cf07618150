import { Button, Form, Input, Select, type TableColumnsType } from 'antd';
import { EMPTY_SEO, type NewsAdminRow, type NewsCategoryLink, type NewsForm } from '@site/shared-types';
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

const EMPTY: NewsForm = {
  id: 0,
  title: '',
  intro: '',
  img: '',
  dynamic_id: 1,
  content: '',
  ...EMPTY_SEO,
  status: 'draft',
  publish_at: null,
};

const COLUMNS: TableColumnsType<NewsAdminRow> = [
  { title: '标题', dataIndex: 'title', ellipsis: true },
  { title: '分类', dataIndex: 'dynamic_name', width: 120 },
  statusColumn<NewsAdminRow>(),
  { title: '日期', dataIndex: 'create_time', width: 120 },
];

function ArticleFields({ categories }: { categories: readonly NewsCategoryLink[] }) {
  return (
    <>
      <ReviewNotice />
      <Form.Item label="标题" name="title" rules={[{ required: true, whitespace: true, message: '请填写标题' }]}>
        <Input maxLength={100} />
      </Form.Item>
      <div className={formLayout.shortRow}>
        <Form.Item label="分类" name="dynamic_id" rules={[{ required: true }]}>
          <Select options={optionsOf(categories)} />
        </Form.Item>
        <DateField />
      </div>
      <Form.Item label="摘要" name="intro">
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={300} />
      </Form.Item>
      <Form.Item label="封面图" name="img">
        <ImageField label="封面图" />
      </Form.Item>
      <Form.Item label="正文" name="content" rules={[{ required: true, message: '请填写正文' }]}>
        <RichText label="正文" />
      </Form.Item>
      <SeoFields nameField="title" nameLabel="文章标题" />
      <PublishingFields />
    </>
  );
}

/** `article`: the news articles, paged, searchable and filtered by category, with the editor (CKEditor 5). */
export function ArticlesScreen() {
  const screen = useListScreen({
    title: '文章管理',
    useList: adminApi.useNewsQuery,
    useRemove: adminApi.useDeleteNewsMutation,
  });
  const categories = screen.answer?.menu ?? [];
  const editor = useEditor(
    { useGet: adminApi.useGetNewsQuery, useAmend: adminApi.useAmendNewsMutation },
    {
      noun: '文章',
      blank: () => ({ ...EMPTY, dynamic_id: categories[0]?.id ?? EMPTY.dynamic_id }),
      toValues: (stored) => stored,
      toPayload: (values) => ({ ...values, create_time: sentDate(values.create_time) }),
    },
  );
  const history = useRevisionsDialog('news');
  const contributor = useContributor();
  return (
    <>
      <ReviewQueue kind="news" />
      <ListScreen
        screen={screen}
        filter={{ label: '按分类筛选', all: '全部分类' }}
        stateFilter
        searchPlaceholder="文章标题"
        titleColumn="title"
        scrollX={890}
        columns={COLUMNS}
        actions={{
          width: 230,
          name: (row) => row.title,
          confirm: () => '确定删除这篇文章吗？删除后可在回收站中恢复（保留 30 天）。',
          extra: (row) => (
            <Button size="small" onClick={() => history.open(row.id, row.title)} aria-label={`${row.title}的历史版本`}>
              历史版本
            </Button>
          ),
        }}
        editor={{
          ...editor,
          fields: <ArticleFields categories={categories} />,
          footer: contributor ? draftFooter(editor, 'news') : publishingFooter(editor, 'news'),
        }}
      />
      {history.dialog}
    </>
  );
}
