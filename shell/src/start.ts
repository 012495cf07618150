// The first-view script: all a server-rendered page runs until its application is needed (docs/decisions.md
// "First view on phones"). It is built without the federation runtime and shares no module with the application
// (shell/webpack.config.mjs); the server writes it instead of the application's entry, naming that entry in
// `data-app`, which this script adds to the page when `hydrationTrigger` says so.
import { runFirstView } from './first-view';
import { hydrationTrigger, replayTaps } from './hydration';

const app = (document.currentScript as HTMLScriptElement | null)?.dataset.app?.split(' ').filter(Boolean) ?? [];

runFirstView();
void hydrationTrigger().then(() => {
  window.__SITE_FIRST_VIEW__ = { replayTaps };
  for (const src of app) {
    const script = document.createElement('script');
    script.src = src;
    // In order, as `defer` scripts would run.
    script.async = false;
    document.head.append(script);
  }
});
