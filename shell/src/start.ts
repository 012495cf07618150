// The first-view script: all a server-rendered page runs until its application is needed (docs/decisions.md
// "First view on phones"). It is built without the federation runtime and shares no module with the application
// (shell/webpack.config.mjs); the server writes it instead of the application's entry, naming that entry in
// `data-app`, which this script adds to the page when `hydrationTrigger` says so.
import { FIRST_VIEW } from '@site/shared-types';
import { runFirstView } from './first-view';
import { hydrationTrigger, siteConfig, whenIdle } from './hydration';
import { showLoadFailure } from './load-failure';
import { scheduleVitals } from './vitals/schedule';

/** The latest the prefetch waits for an idle moment after `load` (a busy main thread never reports idle). */
const PREFETCH_IDLE_TIMEOUT_MS = 3000;

const tag = document.currentScript as HTMLScriptElement | null;
const app = tag?.getAttribute(FIRST_VIEW.app)?.split(' ').filter(Boolean) ?? [];
const prefetch = tag?.getAttribute(FIRST_VIEW.prefetch)?.split(' ').filter(Boolean) ?? [];
let started = false;

/**
 * Once the page is quiet (loaded, then idle), fetches the scripts the application will need without running them
 * (`<link rel="prefetch">`, the lowest priority): the main thread stays free, and the first press then pays only
 * for running the code. Not when the visitor asked to save data, nor once the application started.
 */
function prefetchWhenQuiet(sources: readonly string[]): void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (sources.length === 0 || connection?.saveData) return;
  const go = () => {
    if (started) return;
    for (const href of sources) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.as = 'script';
      link.href = href;
      document.head.append(link);
    }
  };
  whenIdle(go, PREFETCH_IDLE_TIMEOUT_MS, PREFETCH_IDLE_TIMEOUT_MS);
}

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
  started = true;
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
prefetchWhenQuiet(prefetch);
void hydrationTrigger().then(() => start(app));
