import { useEffect } from 'react';
import { dismiss, selectNotices, useAppDispatch, useAppSelector, type Notice } from '@site/platform';
import styles from './shell.module.css';

const SHOWN_MS = 3000;

function NoticeItem({ notice }: { notice: Notice }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismiss(notice.id)), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [dispatch, notice.id]);
  return (
    <div className={styles.notice} data-kind={notice.kind} role="status">
      {notice.text}
    </div>
  );
}

/** The info messages of the whole site (the API client's refusals, remotes' confirmations). */
export function Notices() {
  const notices = useAppSelector(selectNotices);
  return (
    <div className={styles.notices} aria-live="polite" data-testid="notices">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
}
