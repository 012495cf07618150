import { App as AntApp, Alert, Button, Modal, Space } from 'antd';

/**
 * The ten recovery codes, shown once (docs/behaviour.md#two-step-sign-in): to copy or save as a text file. Closing
 * says they will not be shown again.
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const text = (codes ?? []).join('\n');
  return (
    <Modal
      title="恢复码"
      open={Boolean(codes)}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        title="恢复码只显示这一次"
        description="手机丢失或无法使用验证器时，可以用一个恢复码代替验证码登录；每个恢复码只能使用一次。请把它们保存在安全的地方。"
      />
      <ol
        aria-label="恢复码"
        data-testid="recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: '4px 24px',
          margin: '16px 0',
          paddingLeft: 24,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 15,
        }}
      >
        {(codes ?? []).map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space wrap>
        <Button
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(text);
              void message.success('恢复码已复制');
            } catch {
              void message.info('无法自动复制，请手动选中复制');
            }
          }}
        >
          复制全部
        </Button>
        <Button
          onClick={() => {
            const link = document.createElement('a');
            link.href = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
            link.download = '恢复码.txt';
            link.click();
            setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
          }}
        >
          下载为文本文件
        </Button>
      </Space>
    </Modal>
  );
}
