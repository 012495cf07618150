import { Button, Modal } from 'antd';
import { MediaFilters, MediaGrid } from './media-grid';
import { useMediaList } from './use-media-list';

/**
 * 从媒体库选择: the library in a dialog (search and filter as on its screen); 选择 gives the picture's address to the
 * field or the editor, which uses it without uploading it again (docs/behaviour.md#media-library).
 */
export function MediaPicker({
  open,
  onClose,
  onPick,
  title = '从媒体库选择',
}: {
  open: boolean;
  onClose: () => void;
  onPick: (url: string) => void;
  title?: string;
}) {
  return (
    <Modal title={title} open={open} onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <PickerBody onPick={(url) => (onPick(url), onClose())} />
    </Modal>
  );
}

/** Mounted only while the dialog is open: the library is read when it is needed. */
function PickerBody({ onPick }: { onPick: (url: string) => void }) {
  const media = useMediaList();
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <MediaFilters media={media} />
      </div>
      <MediaGrid
        media={media}
        actions={(item) => (
          <Button size="small" type="primary" onClick={() => onPick(item.url)} aria-label={`选择${item.name}`}>
            选择
          </Button>
        )}
      />
    </>
  );
}
