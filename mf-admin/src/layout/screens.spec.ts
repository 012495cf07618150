import { ADMIN_CHILDREN, matchSiteRoute } from '@site/shared-types';
import { SCREENS } from './screens.js';

describe('the back-office screens', () => {
  it('should each be a route of the shared table, so the server serves a reload of it as a page, not a 404', () => {
    expect(SCREENS.map((screen) => screen.key).sort()).toEqual([...ADMIN_CHILDREN].sort());
    for (const { key } of SCREENS) expect(matchSiteRoute(`/admin/index/${key}`)?.route.name).toBe(key);
  });
});
