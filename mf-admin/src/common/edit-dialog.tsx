import { useState, type ReactNode } from 'react';
import { App as AntApp, Form, Modal, Spin, type FormInstance } from 'antd';
import { useSaveShortcut } from './save-shortcut';

/**
 * An edit dialog (docs/behaviour.md#edit-dialogs): opens to edit, or to add when the id is 0; closes and resets after a
 * save; closing with unsaved changes asks first.
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
