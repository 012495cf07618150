import { matchSiteRoute } from '@site/shared-types';
import { SCREENS } from './screens.js';

// One screen per back-office route of the shared table (`ADMIN_CHILDREN`) is the compiler's check (`LABELS`, and
// `SCREEN_PAGES` in app.tsx, are records over `AdminChild`).
describe('the back-office screens', () => {
  it('should each be a route of the shared table, so the server serves a reload of it as a page, not a 404', () => {
    for (const { key } of SCREENS) expect(matchSiteRoute(`/admin/index/${key}`)?.route.name).toBe(key);
  });
});
