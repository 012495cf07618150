import { Typography } from 'antd';

/** A release id or a commit, set apart from the text around it. */
export const Code = ({ children }: { children: string }) => <Typography.Text code>{children}</Typography.Text>;

/** Nothing to show in a summary's field. */
export const none = <Typography.Text type="secondary">无</Typography.Text>;

/** A percentage without floating-point noise: 0.07 → 7, 0.025 → 2.5. */
export const percentOf = (ratio: number) => Number((ratio * 100).toFixed(2));

/** A size in KB with one decimal; a dash when the record has none. */
export const kilobytes = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024).toFixed(1)} KB`);

/** A failure count, in red when there is any. */
export const failures = (count: number) =>
  count > 0 ? <Typography.Text type="danger">{count}</Typography.Text> : count;
