// The async boundary: shared modules (React, the store) are negotiated with the remotes before any of them runs.
// A server-rendered page is already complete, so with `hydration: 'idle'` the rest of the code is fetched only
// once the page has loaded and the browser is idle, or at the visitor's first input, whichever comes first.
import { hydrationTrigger } from './hydration';

void hydrationTrigger().then(() => import('./bootstrap'));
