import { MOBILE_CONTENT_MARGIN } from '@site/shared-types';

export type Background = 'white' | 'grey' | 'greyMargins';

/**
 * Spec §2 "Mobile layout": white on mezhy and meabout; light grey on contact (meus), cases (mecase) and items
 * (meitems); light grey with extra side margins elsewhere (the home-like routes, whose content margin is
 * 10px 10px 70px instead of 0 0 70px).
 */
export function routeLook(name: string | null): { background: Background; margin: string } {
  if (name === 'mezhy' || name === 'meabout') return { background: 'white', margin: MOBILE_CONTENT_MARGIN.default };
  if (name === 'meus' || name === 'mecase' || name === 'meitems') {
    return { background: 'grey', margin: MOBILE_CONTENT_MARGIN.default };
  }
  return { background: 'greyMargins', margin: MOBILE_CONTENT_MARGIN.homeLike };
}

/** The bottom bar's tabs; a tab is highlighted only on its own route. */
export const TABS = [
  { route: 'meindex', to: '/move/index.html', label: '首页' },
  { route: 'mecase', to: '/move/case.html', label: '客户案例' },
  { route: 'mezhy', to: '/move/zhy.html', label: '关于我们' },
  { route: 'meus', to: '/move/us.html', label: '联系我们' },
] as const;

/** Spec §2: `/move/index` hides the non-index flag (the back button), any other path sets it. */
export function isIndexPath(pathname: string): boolean {
  return pathname === '/move' || pathname === '/move/' || pathname === '/move/index.html';
}
