import { useEffect } from 'react';
import { pageTitle } from '@site/shared-types';
import { selectMeta } from './site-slice';
import { useAppSelector } from './store';

/** Keeps `document.title` on a page's title (`页面 - 公司名`, or the site title for `null`). */
export function usePageTitle(title?: string | null): void {
  const meta = useAppSelector(selectMeta);
  useEffect(() => {
    document.title = pageTitle(title, meta.title);
  }, [title, meta]);
}
