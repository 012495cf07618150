import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

/** Rich text with CKEditor 5, loaded only when a form that edits rich text opens (it weighs ~350 KiB). */
export function RichText(props: { value?: string; onChange?: (html: string) => void; label: string }) {
  return (
    <Suspense fallback={<Spin tip="正在加载编辑器…" />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
