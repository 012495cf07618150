import { useState } from 'react';
import { App as AntApp, Button, Card, Popconfirm, Tooltip, Upload } from 'antd';
import { UPLOAD_RULES, type MediaItem } from '@site/shared-types';
import { usePageTitle } from '@site/platform';
import { adminApi } from '../../admin-api';
import { MediaFilters, MediaGrid, usesText } from '../../common/media-grid';
import { pageAfterDelete } from '../../common/paging';
import { useMediaList } from '../../common/use-media-list';

/** Why a picture cannot be deleted, if it cannot: the demo drawings, and pictures the content uses. */
function locked(item: MediaItem): string | undefined {
  if (item.demo) return '演示图片随网站程序提供，不能删除';
  if (item.uses.length > 0) return `正在使用中，不能删除：${usesText(item)}`;
  return undefined;
}

/** 复制地址: the picture's address, for pasting into a field by hand. */
function CopyButton({ item }: { item: MediaItem }) {
  const { message } = AntApp.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(item.url);
      void message.success('地址已复制');
    } catch {
      // Outside a secure context the browser refuses: the address is shown to copy by hand.
      void message.info(item.url, 6);
    }
  };
  return (
    <Button size="small" onClick={() => void copy()} aria-label={`复制地址：${item.name}`}>
      复制地址
    </Button>
  );
}

/**
 * `media` (媒体库, docs/behaviour.md#media-library): every uploaded picture, newest first, with its size, dimensions,
 * upload time and where it is used; search by name, filter by use, upload, copy an address, and delete a picture
 * nothing uses after a confirmation.
 */
export function MediaScreen() {
  usePageTitle('媒体库');
  const { message } = AntApp.useApp();
  const media = useMediaList();
  const [upload] = adminApi.useUploadMutation();
  const [remove] = adminApi.useDeleteMediaMutation();
  const [uploading, setUploading] = useState(false);

  const removeItem = async (item: MediaItem) => {
    try {
      await remove({ id: item.id }).unwrap();
    } catch {
      return; // refused: the server's msg is shown
    }
    void message.success('删除成功');
    media.setPage(pageAfterDelete(media.page, media.list?.data.length ?? 0));
  };

  const uploadButton = (
    <Upload
      accept={UPLOAD_RULES.accept}
      showUploadList={false}
      disabled={uploading}
      customRequest={async ({ file }) => {
        setUploading(true);
        try {
          await upload({ file: file as File }).unwrap();
          void message.success('上传成功');
          // The new picture is the first of the library.
          media.filterBy('all');
        } catch {
          // the server's refusal is shown as a notice
        } finally {
          setUploading(false);
        }
      }}
    >
      <Button type="primary" loading={uploading}>
        {uploading ? '正在上传…' : '上传图片'}
      </Button>
    </Upload>
  );

  return (
    <Card title="媒体库" extra={<MediaFilters media={media} extra={uploadButton} />}>
      <MediaGrid
        media={media}
        actions={(item) => {
          const why = locked(item);
          return (
            <>
              <CopyButton item={item} />
              {why ? (
                <Tooltip title={why}>
                  <Button size="small" danger disabled aria-label={`删除${item.name}`}>
                    删除
                  </Button>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={`确定删除图片「${item.name}」吗？`}
                  description="图片文件将一并删除，无法恢复"
                  okText="删除"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => removeItem(item)}
                >
                  <Button size="small" danger aria-label={`删除${item.name}`}>
                    删除
                  </Button>
                </Popconfirm>
              )}
            </>
          );
        }}
      />
    </Card>
  );
}
