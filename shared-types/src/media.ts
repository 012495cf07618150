import type { MediaUse, MediaUsage, MediaUseKind } from './domain/media.js';

/** The library's filters, in the order the screen offers them (docs/behaviour.md#media-library). */
export const MEDIA_USAGES: readonly { value: MediaUsage; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'used', label: '已使用' },
  { value: 'unused', label: '未使用' },
  { value: 'case', label: '案例' },
  { value: 'news', label: '文章' },
  { value: 'menu', label: '栏目' },
  { value: 'block', label: '页面区块' },
];

const KIND_NAMES: Readonly<Record<Exclude<MediaUseKind, 'block'>, string>> = {
  case: '案例',
  news: '文章',
  menu: '栏目',
};

/** One use in words: `案例「某某网站建设」`, `首页设置`, with `（回收站）` for an item in the bin. */
export function describeMediaUse(use: MediaUse): string {
  const place = use.kind === 'block' ? use.title : `${KIND_NAMES[use.kind]}「${use.title}」`;
  return use.trashed ? `${place}（回收站）` : place;
}

/** A picture's size in words: `850 B`, `12.4 KB`, `1.5 MB`. */
export function mediaSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
}
