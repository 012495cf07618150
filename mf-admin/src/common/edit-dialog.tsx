import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  App as AntApp,
  Button,
  Form,
  Image,
  Input,
  Modal,
  Progress,
  Space,
  Spin,
  Upload,
  type FormInstance,
} from 'antd';
import { ADMIN_LIMITS } from '@site/shared-types';
import { adminApi } from '../admin-api';
import { useSaveShortcut } from './save-shortcut';
import styles from '../admin.module.css';

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
 * An image field: upload (jpg/png hint, spec §5; the server judges the real type and size) with a progress bar, a
 * preview that opens large on click, and the address editable by hand (for pictures already on the server).
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
  const [upload] = adminApi.useUploadMutation();
  const [progress, setProgress] = useState<number | null>(null);
  return (
    <div className={styles.imageField}>
      <div className={styles.imagePreview}>
        {value ? (
          <Image src={value} alt={`${label}预览`} width={120} height={90} />
        ) : (
          <span className={styles.imageEmpty}>暂无图片</span>
        )}
      </div>
      <Space direction="vertical" size={6} style={{ flex: 1, minWidth: 0 }}>
        <Space wrap>
          <Upload
            accept="image/jpeg,image/png"
            showUploadList={false}
            disabled={progress !== null}
            customRequest={async ({ file }) => {
              setProgress(0);
              try {
                const { url } = await upload({ file: file as File, onProgress: setProgress }).unwrap();
                onChange?.(url);
                void message.success('上传成功');
              } catch {
                // the server's refusal is shown as a notice
              } finally {
                setProgress(null);
              }
            }}
          >
            <Button loading={progress !== null}>{progress === null ? `上传${label}` : `正在上传${label}…`}</Button>
          </Upload>
          {value ? (
            <Button type="text" danger onClick={() => onChange?.('')} aria-label={`移除${label}`}>
              移除
            </Button>
          ) : null}
        </Space>
        {progress !== null ? <Progress percent={progress} size="small" aria-label={`${label}上传进度`} /> : null}
        <Input
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder="/uploads/…"
          aria-label={`${label}地址`}
        />
        <span className={styles.hint}>只能上传jpg/png文件，且不超过{ADMIN_LIMITS.uploadHintKb}kb</span>
      </Space>
    </div>
  );
}

/**
 * Fills an edit dialog's form once per opening (spec §4: open to edit, or to add when the id is 0), with
 * `values` as soon as they are there: a new row's defaults at once, a stored row when it has arrived fresh from
 * the server. `opening` names the opening (null while closed). Answers that come later (the list behind the
 * dialog fetched again, say) never overwrite what the administrator is typing.
 */
export function useFillOnOpen<T>(form: FormInstance<T>, opening: unknown, values: T | undefined): void {
  const filledFor = useRef<unknown>(null);
  useEffect(() => {
    if (opening === null) filledFor.current = null;
    else if (values !== undefined && filledFor.current !== opening) {
      filledFor.current = opening;
      form.setFieldsValue(values as Parameters<FormInstance<T>['setFieldsValue']>[0]);
    }
  }, [form, opening, values]);
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
  useSaveShortcut(() => {
    if (!saving && !loading) form.submit();
  }, open);
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
