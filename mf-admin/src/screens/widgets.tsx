import { lazy, Suspense, useState, type ReactNode } from 'react';
import { App as AntApp, Button, Form, Image, Input, Modal, Space, Spin, Upload, type FormInstance } from 'antd';
import { ADMIN_LIMITS } from '@site/shared-types';
import { adminApi } from '../admin-api';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Rich text with CKEditor 5, loaded only when a form that edits rich text opens (it weighs ~350 KiB). */
export function RichText(props: { value?: string; onChange?: (html: string) => void; label: string }) {
  return (
    <Suspense fallback={<Spin tip="正在加载编辑器…" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/**
 * An image field: a picture URL with upload (jpg/png hint, spec §5 — the server checks the real type), a
 * preview, and the URL editable by hand.
 */
export function ImageField({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (url: string) => void;
  label: string;
}) {
  const { message } = AntApp.useApp();
  const [upload, { isLoading }] = adminApi.useUploadMutation();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space align="start" wrap>
        {value ? <Image src={value} alt={label} width={96} height={72} style={{ objectFit: 'cover' }} /> : null}
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          customRequest={async ({ file }) => {
            try {
              const { url } = await upload(file as File).unwrap();
              onChange?.(url);
              void message.success('上传成功');
            } catch {
              // the server's refusal is shown as a notice
            }
          }}
        >
          <Button loading={isLoading} aria-label={`上传${label}`}>
            {isLoading ? '上传中…' : '上传图片'}
          </Button>
        </Upload>
      </Space>
      <Input
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder="/uploads/…"
        aria-label={`${label}地址`}
      />
      <span style={{ color: '#8c8c8c', fontSize: 12 }}>只能上传jpg/png文件，且不超过{ADMIN_LIMITS.uploadHintKb}kb</span>
    </Space>
  );
}

/**
 * An edit dialog (spec §4): opens to edit, or to add when the id is 0; closes and resets after a save; closing
 * with unsaved changes asks first.
 */
export function EditDialog<T extends object>({
  title,
  open,
  form,
  loading,
  saving,
  onSave,
  onClose,
  children,
}: {
  title: string;
  open: boolean;
  form: FormInstance<T>;
  loading?: boolean;
  saving: boolean;
  onSave: (values: T) => Promise<boolean>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { modal } = AntApp.useApp();
  const [dirty, setDirty] = useState(false);
  const close = () => {
    if (!dirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: '内容尚未保存，确定关闭吗？',
      okText: '关闭',
      cancelText: '继续编辑',
      onOk: () => {
        setDirty(false);
        onClose();
      },
    });
  };
  return (
    <Modal
      title={title}
      open={open}
      width={820}
      onCancel={close}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => form.submit()}
      destroyOnHidden
      maskClosable={false}
    >
      <Spin spinning={Boolean(loading)}>
        <Form<T>
          form={form}
          layout="vertical"
          preserve={false}
          onValuesChange={() => setDirty(true)}
          onFinish={async (values) => {
            if (await onSave(values)) {
              setDirty(false);
              onClose();
            }
          }}
        >
          {children}
        </Form>
      </Spin>
    </Modal>
  );
}

export { Form };
