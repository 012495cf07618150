// The async boundary: shared modules (React, the store) are negotiated with the remotes before any of them runs.
// On a server-rendered page the first-view script (start.ts) usually came first and decided when to add this
// one: the application starts at once. Served alone (development, `HYDRATION=eager`, a shell built without the
// first-view script), this entry does the first view's work itself.
import { FIRST_VIEW_GLOBAL } from '@site/shared-types';
import { runFirstView } from './first-view';
import { hydrationTrigger, siteConfig } from './hydration';
import { showLoadFailure } from './load-failure';
import { scheduleVitals } from './vitals/schedule';

/**
 * The application behind the async boundary. If its code cannot be fetched or evaluated, the server's page stays as
 * it is with a notice offering 重试 (webpack fetches a failed chunk again on the next `import()`).
 */
function startApplication(): void {
  import('./bootstrap').catch((error: unknown) => {
    console.error('[shell] the application could not start:', error);
    showLoadFailure(() => import('./bootstrap').then(() => true));
  });
}

if (window[FIRST_VIEW_GLOBAL]) {
  startApplication();
} else {
  runFirstView();
  scheduleVitals(siteConfig().vitals);
  void hydrationTrigger().then(startApplication);
}
