import { routePath } from '@site/shared-types';

/**
 * The mobile home page's address: the first tab of the bottom bar, the site name's link, where "back" goes with no
 * history (layout/) and where a banner slide without a link of its own opens (the home page's banner).
 */
export const HOME_PATH = routePath('mobile', 'meindex');
