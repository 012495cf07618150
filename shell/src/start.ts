// The first-view script: all a server-rendered page runs until its application is needed (docs/decisions.md
// "First view on phones"). It is built without the federation runtime and shares no module with the application
// (shell/webpack.config.mjs); the server writes it instead of the application's entry, naming that entry in
// `data-app`, which this script adds to the page when `hydrationTrigger` says so.
import { FIRST_VIEW } from '@site/shared-types';
import { runFirstView } from './first-view';
import { hydrationTrigger, siteConfig } from './hydration';
import { showLoadFailure } from './load-failure';
import { scheduleVitals } from './vitals/schedule';

const app =
  (document.currentScript as HTMLScriptElement | null)?.getAttribute(FIRST_VIEW.app)?.split(' ').filter(Boolean) ?? [];

/**
 * Adds the scripts to the page, in order as `defer` scripts would run; answers which could not be fetched or
 * evaluated. A script that fails leaves the server's page as it is, with a notice offering 重试, which adds the
 * failed ones again.
 */
function addScripts(sources: readonly string[]): Promise<string[]> {
  return Promise.all(
    sources.map(
      (src) =>
        new Promise<string | null>((resolve) => {
          const script = document.createElement('script');
          script.src = src;
          script.async = false;
          script.onload = () => resolve(null);
          script.onerror = () => resolve(src);
          document.head.append(script);
        }),
    ),
  ).then((failed) => failed.filter((src): src is string => src !== null));
}

function start(sources: readonly string[]): void {
  void addScripts(sources).then((failed) => {
    if (failed.length === 0) return;
    let missing = failed;
    showLoadFailure(async () => {
      missing = await addScripts(missing);
      return missing.length === 0;
    });
  });
}

runFirstView();
scheduleVitals(siteConfig().vitals);
void hydrationTrigger().then(() => start(app));
