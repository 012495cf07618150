import { useState } from 'react';
import { App as AntApp, Button, Space } from 'antd';
import type { AdminPath, MessageExportFormat } from '@site/shared-types';
import { selectToken, useAppSelector } from '@site/platform';

const EXPORT_PATH = '/api/exportleavewords' satisfies AdminPath;

/** The file name the server chose (`filename*`, RFC 6266), or a plain one. */
function fileName(disposition: string | null, format: MessageExportFormat): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  return encoded ? decodeURIComponent(encoded) : `留言.${format}`;
}

/**
 * 导出 Excel / 导出 CSV (docs/behaviour.md#leads): the messages of the search in force, as a file the browser
 * saves. The answer is a file, not an envelope, so it is fetched here rather than through the API client; a
 * refusal still comes as an envelope and its msg is shown.
 */
export function ExportMessages({ search }: { search: string }) {
  const { message } = AntApp.useApp();
  const token = useAppSelector(selectToken) ?? '';
  const [busy, setBusy] = useState<MessageExportFormat | null>(null);
  const download = async (format: MessageExportFormat) => {
    setBusy(format);
    try {
      const response = await fetch(EXPORT_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', token },
        body: JSON.stringify({ format, search: search || undefined }),
      });
      if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('application/json')) {
        const answer = (await response.json().catch(() => null)) as { msg?: string } | null;
        void message.error(answer?.msg ?? '导出失败，请稍后再试');
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = fileName(response.headers.get('Content-Disposition'), format);
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      void message.error('网络连接失败，请检查网络后重试');
    } finally {
      setBusy(null);
    }
  };
  const label = search ? '（当前搜索结果）' : '';
  return (
    <Space wrap>
      <Button loading={busy === 'xlsx'} onClick={() => void download('xlsx')} title={`导出为 Excel 文件${label}`}>
        导出 Excel
      </Button>
      <Button loading={busy === 'csv'} onClick={() => void download('csv')} title={`导出为 CSV 文件${label}`}>
        导出 CSV
      </Button>
    </Space>
  );
}
