import { ADMIN_LIMITS, DEFAULT_WEBCASE_ID, MenuId } from './constants.js';
import { routePath } from './site-routes.js';

/** Route of a top-navigation entry (docs/behaviour.md#top-navigation). */
export function menuRoute(menuId: number): string {
  switch (menuId) {
    case MenuId.Home:
      return routePath('desktop', 'index');
    case MenuId.Cases:
      return routePath('desktop', 'webcase', DEFAULT_WEBCASE_ID);
    case MenuId.About:
      return routePath('desktop', 'about');
    default:
      return routePath('desktop', 'items', menuId);
  }
}

/** Footer links behave like the menu, except that id 1 is not handled: `null` means "no link". */
export function footerMenuRoute(menuId: number): string | null {
  return menuId === MenuId.Home ? null : menuRoute(menuId);
}

/** The id carried by a `{id}.html` route parameter: the part before the dot, or `null` when it is not a positive integer. */
export function parseHtmlId(param: string | undefined): number | null {
  if (!param) return null;
  const [head = ''] = param.split('.');
  if (!/^\d{1,9}$/.test(head)) return null;
  const id = Number(head);
  return id > 0 ? id : null;
}

/** The top-navigation entry highlighted for a desktop path, or `null` when none matches. */
export function activeMenuId(pathname: string): number | null {
  if (pathname === '/' || pathname === '/index.html') return MenuId.Home;
  if (pathname === '/about.html') return MenuId.About;
  const [, section, param] = pathname.split('/');
  if (section === 'webcase') return MenuId.Cases;
  if (section === 'items') return parseHtmlId(param);
  return null;
}

/** What the position range of a menu entry is computed from: every menu's parent and visibility. */
export interface MenuPlacement {
  id: number;
  parent_id: number | null;
  pc: boolean;
  move: boolean;
}

/**
 * The positions a shown menu entry may take on one site (docs/behaviour.md#menu-management): from 2 up to the number of
 * entries shown beside it (its siblings on that site, itself included), and never below 2. The server applies the same
 * rule.
 */
export function menuPositionRange(
  menus: readonly MenuPlacement[],
  entry: { id: number; parent: number | null },
  site: 'pc' | 'move',
): { min: number; max: number } {
  const siblings = menus.filter((menu) => menu.parent_id === entry.parent && menu[site] && menu.id !== entry.id);
  return { min: ADMIN_LIMITS.menuPositionMin, max: Math.max(ADMIN_LIMITS.menuPositionMin, siblings.length + 1) };
}
