import { Button, Empty, Spin } from 'antd';

/**
 * What a screen shows before its data is there: a spinner while it loads, or, when loading failed, `failedText`
 * with 重新加载, which calls `onReload`.
 */
export function LoadState({
  failed,
  failedText,
  onReload,
}: {
  failed: boolean;
  failedText: string;
  onReload: () => void;
}) {
  return failed ? (
    <Empty description={failedText}>
      <Button onClick={onReload}>重新加载</Button>
    </Empty>
  ) : (
    <Spin tip="正在加载…">
      <div style={{ height: 200 }} />
    </Spin>
  );
}
