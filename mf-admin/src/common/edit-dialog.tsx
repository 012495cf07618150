import type { ReactNode } from 'react';
import { App as AntApp, Form, Modal, Spin, type FormInstance } from 'antd';
import type { FormChanges } from './form-changes';
import { useSaveShortcut } from './save-shortcut';

/**
 * An edit dialog (docs/behaviour.md#edit-dialogs): opens to edit, or to add when the id is 0; closes and resets after a
 * save; closing asks first when a field differs from what the dialog was filled with.
 */
export function EditDialog<T extends object>({
  title,
  open,
  form,
  loading,
  saving,
  onSave,
  onClose,
  changes,
  footer,
  children,
}: {
  title: string;
  open: boolean;
  form: FormInstance<T>;
  loading?: boolean;
  saving: boolean;
  onSave: (values: T) => Promise<boolean>;
  onClose: () => void;
  changes: FormChanges;
  /**
   * Buttons in place of 取消 and 保存, given how to close (asking first when something changed) and how to save with
   * some fields set first (set back if the save does not go through; it answers whether it went through).
   */
  footer?: (close: () => void, saveWith: (patch: Partial<T>) => Promise<boolean>) => ReactNode;
  children: ReactNode;
}) {
  const { modal } = AntApp.useApp();
  useSaveShortcut(() => {
    if (!saving && !loading) form.submit();
  }, open);
  const close = () => {
    if (!changes.differs((name) => (form as FormInstance).getFieldValue(name))) {
      onClose();
      return;
    }
    modal.confirm({
      title: '内容尚未保存，确定关闭吗？',
      okText: '关闭',
      cancelText: '继续编辑',
      onOk: onClose,
    });
  };
  const saveWith = async (patch: Partial<T>) => {
    const names = Object.keys(patch);
    const before = (form as FormInstance).getFieldsValue(names) as Partial<T>;
    form.setFieldsValue(patch);
    let saved = false;
    try {
      saved = await onSave(await form.validateFields());
    } catch {
      // Refused by the form's own checks: the fields say why.
    }
    if (saved) onClose();
    else form.setFieldsValue(before);
    return saved;
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
      footer={footer ? footer(close, saveWith) : undefined}
      destroyOnHidden
      maskClosable={false}
    >
      <Spin spinning={Boolean(loading)}>
        <Form<T>
          form={form}
          layout="vertical"
          preserve={false}
          onValuesChange={(changed) => changes.edit(changed)}
          onFinish={async (values) => {
            if (await onSave(values)) onClose();
          }}
        >
          {children}
        </Form>
      </Spin>
    </Modal>
  );
}
