import { useEffect, useRef } from 'react';

/** Ctrl+S (⌘S on a Mac) saves the open editor instead of saving the web page. */
export function useSaveShortcut(save: () => void, active = true): void {
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    if (!active) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latest.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
}
