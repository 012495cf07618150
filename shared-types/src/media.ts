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

/**
 * What an upload may be (docs/behaviour.md#uploads): the server judges the bytes by these rules, and the hint under
 * every picture field says them. `maxBytes` is the default of `UPLOAD_MAX_BYTES`.
 */
export const UPLOAD_RULES = {
  /** The kinds of picture, as the administrator reads them. */
  types: ['JPG', 'PNG', 'GIF', 'WebP'],
  /** What the browser's file picker offers. */
  accept: 'image/jpeg,image/png,image/gif,image/webp',
  maxBytes: 2 * 1024 * 1024,
} as const;

/** The kinds of picture an upload may be, in words: `JPG、PNG、GIF 或 WebP`. */
export const UPLOAD_TYPES_TEXT = `${UPLOAD_RULES.types.slice(0, -1).join('、')} 或 ${UPLOAD_RULES.types.at(-1)}`;

/** The largest upload in words: `2MB`, `1.5MB`, `500KB`. */
export function uploadLimitText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.round(bytes / 1024)}KB`;
}

/** The hint under every picture field: `只能上传 JPG、PNG、GIF 或 WebP 图片，且不超过 2MB`. */
export function uploadHint(maxBytes: number = UPLOAD_RULES.maxBytes): string {
  return `只能上传 ${UPLOAD_TYPES_TEXT} 图片，且不超过 ${uploadLimitText(maxBytes)}`;
}
