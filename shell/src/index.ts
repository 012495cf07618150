// The async boundary: shared modules (React, the store) are negotiated with the remotes before any of them runs.
// On a server-rendered page the first-view script (start.ts) usually came first and decided when to add this
// one: the application starts at once. Served alone (development, `HYDRATION=eager`, a shell built without the
// first-view script), this entry does the first view's work itself.
import { runFirstView } from './first-view';
import { hydrationTrigger } from './hydration';

if (window.__SITE_FIRST_VIEW__) {
  void import('./bootstrap');
} else {
  runFirstView();
  void hydrationTrigger().then(() => import('./bootstrap'));
}
