import { CKEditor } from '@ckeditor/ckeditor5-react';
import {
  Alignment,
  BlockQuote,
  Bold,
  ClassicEditor,
  Essentials,
  Heading,
  Image,
  ImageCaption,
  ImageStyle,
  ImageToolbar,
  ImageUpload,
  Italic,
  Link,
  List,
  Paragraph,
  SimpleUploadAdapter,
  Strikethrough,
  Table,
  TableToolbar,
  Underline,
} from 'ckeditor5';
import 'ckeditor5/ckeditor5.css';
import chinese from 'ckeditor5/translations/zh-cn.js';
import { selectToken, useAppSelector } from '@site/platform';
import { EDITOR_UPLOAD_PATH } from '../admin-api';
import styles from './rich-text.module.css';

/**
 * CKEditor 5 (GPL), height 240; pictures go to the editor upload with the token in the address
 * (docs/behaviour.md#admin-session).
 */
export default function RichTextEditor({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}) {
  const token = useAppSelector(selectToken) ?? '';
  return (
    <div className={styles.editor} data-testid="rich-text">
      <CKEditor
        editor={ClassicEditor}
        data={value ?? ''}
        config={{
          licenseKey: 'GPL',
          language: 'zh-cn',
          translations: [chinese],
          label,
          plugins: [
            Essentials,
            Paragraph,
            Heading,
            Bold,
            Italic,
            Underline,
            Strikethrough,
            Link,
            List,
            BlockQuote,
            Alignment,
            Image,
            ImageCaption,
            ImageStyle,
            ImageToolbar,
            ImageUpload,
            SimpleUploadAdapter,
            Table,
            TableToolbar,
          ],
          // Wrap instead of folding buttons into "显示更多": the dialog's width is unknown while it opens.
          toolbar: {
            shouldNotGroupWhenFull: true,
            items: [
              'heading',
              '|',
              'bold',
              'italic',
              'underline',
              'strikethrough',
              'link',
              '|',
              'bulletedList',
              'numberedList',
              'blockQuote',
              'alignment',
              '|',
              'uploadImage',
              'insertTable',
              '|',
              'undo',
              'redo',
            ],
          },
          image: { toolbar: ['imageStyle:inline', 'imageStyle:block', 'imageStyle:side', '|', 'toggleImageCaption'] },
          table: { contentToolbar: ['tableColumn', 'tableRow', 'mergeTableCells'] },
          simpleUpload: { uploadUrl: `${EDITOR_UPLOAD_PATH}?token=${encodeURIComponent(token)}` },
        }}
        onChange={(_, editor) => onChange?.(editor.getData())}
      />
    </div>
  );
}
