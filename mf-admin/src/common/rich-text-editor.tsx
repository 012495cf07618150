import { useEffect, useRef, useState } from 'react';
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
import { Button } from 'antd';
import { EDITOR_UPLOAD_PATH } from '../admin-api';
import { MediaPicker } from './media-picker';
import { useMay } from './use-account';
import styles from './rich-text.module.css';

/**
 * CKEditor 5 (GPL), height 240; pictures go to the editor upload with the token in the address
 * (docs/behaviour.md#admin-session), or come from the media library without being uploaded again: 从媒体库插入图片
 * above the editor inserts the chosen one where the cursor is, with CKEditor's own `insertImage` command (the same
 * `<figure class="image"><img src>` an upload makes, which the server's sanitiser keeps).
 *
 * CKEditor rewrites the HTML it is given in its own form (attributes in its order, its own markup for pictures and
 * tables…), so its text seldom equals the stored one even when nothing was edited. The field therefore keeps the
 * text it was given for as long as the editor holds what it made of that text: taking a text in is no edit, and an
 * edit undone gives the given text back (docs/behaviour.md#edit-dialogs: only a real difference asks before
 * closing, and an untouched body is saved as it was stored).
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
  // The text the editor starts with; later texts from the form are set by the effect below (CKEditor's own
  // component would set them too, and report that as an edit).
  const [initial] = useState(value ?? '');
  const [editor, setEditor] = useState<ClassicEditor | null>(null);
  /** What the field holds for the editor's content now. */
  const held = useRef(initial);
  /** The last text given to the editor, and the editor's own form of it. */
  const given = useRef<{ text: string; own: string } | null>(null);
  /** True while a given text is being set: the editor's change report is not an edit. */
  const setting = useRef(false);
  const [picking, setPicking] = useState(false);
  // The media library needs `edit`: a contributor uploads only (docs/behaviour.md#accounts-and-roles).
  const library = useMay('edit');

  useEffect(() => {
    const text = value ?? '';
    if (!editor || text === held.current) return;
    setting.current = true;
    try {
      editor.setData(text);
    } finally {
      setting.current = false;
    }
    held.current = text;
    given.current = { text, own: editor.getData() };
  }, [editor, value]);

  return (
    <div className={styles.editor} data-testid="rich-text">
      {library ? (
        <>
          <div className={styles.libraryBar}>
            <Button
              size="small"
              disabled={!editor}
              onClick={() => setPicking(true)}
              aria-label={`从媒体库插入图片到${label}`}
            >
              从媒体库插入图片
            </Button>
          </div>
          <MediaPicker
            open={picking}
            title="从媒体库插入图片"
            onClose={() => setPicking(false)}
            onPick={(url) => {
              editor?.execute('insertImage', { source: url });
              editor?.editing.view.focus();
            }}
          />
        </>
      ) : null}
      <CKEditor
        editor={ClassicEditor}
        data={initial}
        onReady={(ready) => {
          given.current = { text: initial, own: ready.getData() };
          setEditor(ready);
        }}
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
        onChange={(_, changed) => {
          if (setting.current) return;
          const html = changed.getData();
          held.current = html === given.current?.own ? given.current.text : html;
          onChange?.(held.current);
        }}
      />
    </div>
  );
}
