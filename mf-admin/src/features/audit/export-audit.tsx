import { useState } from 'react';
import { App as AntApp, Button } from 'antd';
import type { AdminPath, AuditListRequest } from '@site/shared-types';
import { selectToken, useAppSelector } from '@site/platform';

const EXPORT_PATH = '/api/exportauditlog' satisfies AdminPath;

/** The file name the server chose (`filename*`, RFC 6266), or a plain one. */
function fileName(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : '操作日志.csv';
}

/**
 * 导出 CSV (docs/behaviour.md#audit-trail): the records the filters in force find, as a file the browser saves. The
 * answer is a file, not an envelope, so it is fetched here rather than through the API client (as the leads'
 * export is); a refusal still comes as an envelope and its msg is shown.
 */
export function ExportAudit({ filter }: { filter: AuditListRequest }) {
  const { message } = AntApp.useApp();
  const token = useAppSelector(selectToken) ?? '';
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const response = await fetch(EXPORT_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', token },
        body: JSON.stringify({ ...filter, page: undefined }),
      });
      if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json')) {
        const answer = (await response.json().catch(() => null)) as { msg?: string } | null;
        void message.error(answer?.msg ?? '导出失败，请稍后再试');
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = fileName(response.headers.get('Content-Disposition'));
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      void message.error('网络连接失败，请检查网络后重试');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={() => void download()} title="按当前筛选条件导出为 CSV 文件">
      导出 CSV
    </Button>
  );
}
