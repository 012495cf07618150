import { useEffect, useId, useRef, type ReactNode } from 'react';
import styles from './login.module.css';

interface PlainDialogProps {
  title: string;
  children?: ReactNode;
  okText: string;
  /** Without it the dialog has one button, which closes it. */
  cancelText?: string;
  onOk: () => void;
  onCancel: () => void;
}

/**
 * A modal question in the browser's own `<dialog>` (focus kept inside, Esc cancels, the page behind inert), for the
 * login page, which carries no UI library (docs/decisions.md "The back office's login carries no screen").
 */
export function PlainDialog({ title, children, okText, cancelText, onOk, onCancel }: PlainDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      {children && <p className={styles.dialogText}>{children}</p>}
      <div className={styles.dialogButtons}>
        {cancelText && (
          <button type="button" className={styles.button} onClick={onCancel}>
            {cancelText}
          </button>
        )}
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={onOk} autoFocus>
          {okText}
        </button>
      </div>
    </dialog>
  );
}
