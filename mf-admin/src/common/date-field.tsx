import { Form, Input } from 'antd';

/** The publication date of a case or an article, `yyyy-MM-dd`; left empty, the server takes today. */
export function DateField() {
  return (
    <Form.Item label="发布日期" name="create_time" extra="留空为今天">
      <Input type="date" />
    </Form.Item>
  );
}

/** What the date field sends: nothing when it is empty. */
export const sentDate = (value: string | undefined) => value || undefined;
