import { MOBILE_CONTENT_MARGIN, routePath, type MobileRouteName } from '@site/shared-types';
import { HOME_PATH } from '../common/home-path';

export type Background = 'white' | 'grey' | 'greyMargins';

/**
 * docs/behaviour.md#mobile-layout: white on mezhy and meabout; light grey on contact (meus), cases (mecase) and
 * items (meitems); light grey with extra side margins elsewhere (the home-like routes, whose content margin is
 * 10px 10px 70px instead of 0 0 70px).
 */
export function routeLook(name: MobileRouteName | null): { background: Background; margin: string } {
  if (name === 'mezhy' || name === 'meabout') return { background: 'white', margin: MOBILE_CONTENT_MARGIN.default };
  if (name === 'meus' || name === 'mecase' || name === 'meitems') {
    return { background: 'grey', margin: MOBILE_CONTENT_MARGIN.default };
  }
  return { background: 'greyMargins', margin: MOBILE_CONTENT_MARGIN.homeLike };
}

/** The bottom bar's tabs; a tab is highlighted only on its own route. */
export const TABS: readonly { route: MobileRouteName; to: string; label: string }[] = [
  { route: 'meindex', to: HOME_PATH, label: '首页' },
  { route: 'mecase', to: routePath('mobile', 'mecase'), label: '客户案例' },
  { route: 'mezhy', to: routePath('mobile', 'mezhy'), label: '关于我们' },
  { route: 'meus', to: routePath('mobile', 'meus'), label: '联系我们' },
];
