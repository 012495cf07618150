import { useEffect } from 'react';
import { useAppDispatch } from '@site/platform';
import { unsavedChanged } from '../admin-slice';

/**
 * Marks the current screen as having unsaved edits while `dirty`: the side menu and logout ask before leaving
 * it, and closing or reloading the tab gets the browser's own warning.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(unsavedChanged(dirty));
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      dispatch(unsavedChanged(false));
    };
  }, [dirty, dispatch]);
}
