import { App as AntApp, Form, InputNumber, Modal } from 'antd';
import type { ReleaseRow, RemoteReleases } from '@site/shared-types';
import { adminApi } from '../../admin-api';
import { Code } from './release-text';

/** The share a new canary is offered with. */
const DEFAULT_PERCENT = 10;

/**
 * The 灰度 dialog: the share of visitors, then `canaryrelease`; a refusal leaves it open (the msg is shown). It stays
 * mounted until its closing motion ends (`afterClose`).
 */
export function CanaryDialog({
  remote,
  row,
  open,
  onClose,
  afterClose,
}: {
  remote: RemoteReleases;
  row: ReleaseRow;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<{ percent: number }>();
  const [canary, { isLoading }] = adminApi.useCanaryReleaseMutation();
  const running = remote.canary;
  const again = running?.release === row.release;
  const start = async ({ percent }: { percent: number }) => {
    try {
      await canary({ remote: remote.remote, release: row.release, percent }).unwrap();
    } catch {
      return; // refused: the server's msg is shown, the dialog stays
    }
    void message.success(`${remote.title}：${row.release} 灰度 ${percent}%`);
    onClose();
  };
  return (
    <Modal
      title={`灰度发布 ${row.release}`}
      open={open}
      width={440}
      onCancel={onClose}
      afterClose={afterClose}
      okText={again ? '调整比例' : '开始灰度'}
      cancelText="取消"
      confirmLoading={isLoading}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>
        {remote.title}的一部分访问者将使用 <Code>{row.release}</Code>，其余访问者继续使用当前版本{' '}
        {remote.active ? <Code>{remote.active}</Code> : '（无）'}。
        {running && !again && (
          <>
            正在灰度的 <Code>{running.release}</Code> 将被替换。
          </>
        )}
      </p>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ percent: again ? running.percent : DEFAULT_PERCENT }}
        onFinish={start}
      >
        <Form.Item
          label="灰度比例"
          name="percent"
          rules={[{ required: true, message: '请填写 1–99 之间的比例' }]}
          extra="1–99，每位访问者固定分到其中一个版本"
        >
          <InputNumber min={1} max={99} precision={0} suffix="%" style={{ width: 140 }} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
