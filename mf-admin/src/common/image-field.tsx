import { useState } from 'react';
import { App as AntApp, Button, Image, Input, Progress, Space, Upload } from 'antd';
import { UPLOAD_RULES, uploadHint } from '@site/shared-types';
import { adminApi } from '../admin-api';
import formLayout from './form-layout.module.css';
import { MediaPicker } from './media-picker';
import { useMay } from './use-account';
import styles from './image-field.module.css';

/**
 * An image field: upload (with the upload rules as a hint, docs/behaviour.md#uploads; the server judges the real type
 * and size) with a progress bar, a picture already on the server chosen from the media library, a preview that opens
 * large on click, and the address editable by hand.
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
  const [picking, setPicking] = useState(false);
  // The media library needs `edit`: a contributor uploads only (docs/behaviour.md#accounts-and-roles).
  const library = useMay('edit');
  return (
    <div className={styles.imageField}>
      <div className={styles.imagePreview}>
        {value ? (
          <Image src={value} alt={`${label}预览`} width={120} height={90} />
        ) : (
          <span className={formLayout.hint}>暂无图片</span>
        )}
      </div>
      <Space direction="vertical" size={6} style={{ flex: 1, minWidth: 0 }}>
        <Space wrap>
          <Upload
            accept={UPLOAD_RULES.accept}
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
          {library ? (
            <Button onClick={() => setPicking(true)} aria-label={`从媒体库选择${label}`}>
              从媒体库选择
            </Button>
          ) : null}
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
        <span className={formLayout.hint}>{uploadHint()}</span>
      </Space>
      {library ? (
        <MediaPicker
          open={picking}
          title={`从媒体库选择${label}`}
          onClose={() => setPicking(false)}
          onPick={(url) => onChange?.(url)}
        />
      ) : null}
    </div>
  );
}
