import { App as AntApp, Button, Card, Form, Input } from 'antd';
import type { KeywordRecord } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';

const LABELS: Record<string, string> = { title: '网站标题', keywords: '关键词', description: '网站描述' };

function KeywordForm({ record }: { record: KeywordRecord }) {
  const { message } = AntApp.useApp();
  const [update, { isLoading }] = adminApi.useUpdateKeywordMutation();
  return (
    <Form
      layout="vertical"
      initialValues={{ content: record.content }}
      onFinish={async ({ content }: { content: string }) => {
        try {
          // docs/behaviour.md#keywords: the keyword update shows the server's own message.
          void message.success(await update({ id: record.id, content }).unwrap());
        } catch {
          // refused: the server's msg is shown as a notice
        }
      }}
      data-testid={`keyword-${record.keywords}`}
    >
      <Form.Item
        label={LABELS[record.keywords] ?? record.keywords}
        name="content"
        rules={[{ required: true, whitespace: true, message: '内容不能为空' }]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        保存
      </Button>
    </Form>
  );
}

/**
 * `keywords`: the site title, keywords and description the public pages' head carries
 * (docs/behaviour.md#page-titles-and-head).
 */
export function KeywordsScreen() {
  usePageTitle('关键词管理');
  const { data } = adminApi.useAdminKeywordsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Card title="关键词管理" loading={!data}>
      {(data ?? []).map((record) => (
        <div key={record.id} style={{ marginBottom: 24 }}>
          <KeywordForm record={record} />
        </div>
      ))}
    </Card>
  );
}
