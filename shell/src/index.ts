// The async boundary: shared modules (React, the store) are negotiated with the remotes before any of them runs.
// A server-rendered page is already complete: it does what its first view does by itself at once, and by
// default fetches the rest of the code only when the visitor reaches for the page or a part of it needs it
// (`hydrationTrigger`, docs/decisions.md "First view on phones").
import { runFirstView } from './first-view';
import { hydrationTrigger } from './hydration';

runFirstView();
void hydrationTrigger().then(() => import('./bootstrap'));
