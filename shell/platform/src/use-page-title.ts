import { useEffect } from 'react';
import { useAppSelector } from './store';
import { selectMeta, siteName, type SiteMeta } from './site-slice';

/**
 * The document title of a route: `页面 - 公司名`, or the site title when the route has none (spec §1: page
 * titles per route, the site title is the company's). The server writes the same text into `<title>`.
 */
export function pageTitle(title: string | null | undefined, meta: SiteMeta): string {
  return title ? `${title} - ${siteName(meta.title)}` : meta.title;
}

/** Keeps `document.title` on the current route's title. */
export function usePageTitle(title?: string | null): void {
  const meta = useAppSelector(selectMeta);
  useEffect(() => {
    document.title = pageTitle(title, meta);
  }, [title, meta]);
}
