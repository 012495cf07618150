import { useEffect } from 'react';
import { composeHead, type PageHead } from '@site/shared-types';
import { selectMeta } from './site-slice';
import { useAppSelector } from './store';

function setMetaTag(name: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Keeps the document's title, keywords and description on a page's head completed with the site's meta, as the
 * server wrote them (`composeHead`): an item's SEO title as written, else `页面 - 公司名` (or the site title for
 * `null`); its SEO keywords, else the site's; its description, else the site's.
 */
export function usePageHead(head: PageHead): void {
  const meta = useAppSelector(selectMeta);
  const { title, keywords, description } = composeHead(head, meta);
  useEffect(() => {
    document.title = title;
    setMetaTag('keywords', keywords);
    setMetaTag('description', description);
  }, [title, keywords, description]);
}

/** A page with a title of its own and the site's keywords and description (`null`: the site title). */
export function usePageTitle(title?: string | null): void {
  usePageHead({ title: title ?? null });
}
