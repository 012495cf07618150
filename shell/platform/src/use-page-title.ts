import { useEffect } from 'react';
import { useAppSelector } from './store';
import { selectMeta, selectSiteName } from './site-slice';

/**
 * Sets the document title for the current route: `页面 - 公司名`, or the site title when the route has none
 * (spec §1: page titles per route, the site title is the company's).
 */
export function usePageTitle(title?: string | null): void {
  const meta = useAppSelector(selectMeta);
  const name = useAppSelector(selectSiteName);
  useEffect(() => {
    document.title = title ? `${title} - ${name}` : meta.title;
  }, [title, name, meta.title]);
}
