import * as React from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createAppStore, hydrateApi, preloadedFrom, readSiteConfig, type DehydratedState } from '@site/platform';
import { App } from './app';
import { reportClientError, reportUncaughtErrors } from './remotes/error-report';
import { initRemotes, loadRemoteApp } from './remotes/registry';
import { remoteForPath } from './remotes/remote-for-path';
import type { Preloaded } from './remotes/remote-slot';
import { replayTaps as replayOwnTaps } from './hydration';
import { redirectFor } from './start-up';

declare global {
  interface Window {
    /** Diagnostics: the store and React instance every remote shares (read by support and the browser tests). */
    __SITE_STORE__?: ReturnType<typeof createAppStore>;
    __SITE_REACT__?: typeof React;
    /** How the page started: `hydrated` (server markup adopted) or `rendered` (client-side only). */
    __SITE_START__?: 'hydrated' | 'rendered';
  }
}

/** The state a server render handed over, or null for a client-rendered page. */
function readState(): DehydratedState | null {
  const element = document.getElementById('site-state');
  if (!element) return null;
  try {
    return JSON.parse(element.textContent ?? '') as DehydratedState;
  } catch {
    return null;
  }
}

/** The taps the first view remembered: kept by the first-view script when it started this one, else by this entry. */
const replayTaps = () => (window.__SITE_FIRST_VIEW__?.replayTaps ?? replayOwnTaps)();

async function start(): Promise<void> {
  const config = readSiteConfig();
  // The server already redirected; this covers pages served without it (a CDN, the dev server).
  const target = redirectFor(window.location.pathname, window.location.search, config.mobileHosts);
  if (target) window.history.replaceState(window.history.state, '', target);
  initRemotes(config);
  reportUncaughtErrors();

  const root = document.getElementById('root');
  if (!root) return;
  const state = target ? null : readState();
  let preloaded: Preloaded | undefined;
  if (state) {
    // The remote's code must be there before hydrating: the first render has to match the server's markup.
    const name = remoteForPath(window.location.pathname);
    preloaded = await loadRemoteApp(name).then(
      (module) => ({ name, module }),
      () => undefined,
    );
  }

  const store = createAppStore({ preloadedState: state && preloaded ? preloadedFrom(state) : undefined });
  if (state && preloaded) hydrateApi(store, state);
  window.__SITE_STORE__ = store;
  window.__SITE_REACT__ = React;

  const app = <App store={store} mobileHosts={config.mobileHosts} preloaded={preloaded} />;
  if (state && preloaded) {
    // Hydrating in a transition lets React time-slice it (it yields to the browser every few milliseconds)
    // instead of adopting the whole page in one long task; a visitor's click meanwhile makes React finish
    // hydrating at once and then handle it.
    React.startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error, info) => {
          console.error('[hydration]', error, info.componentStack);
          reportClientError('hydration', error);
        },
      });
    });
    window.__SITE_START__ = 'hydrated';
    replayTaps();
  } else {
    // No server markup to adopt (client-rendered page, or the remote failed: its boundary offers a retry).
    createRoot(root).render(app);
    window.__SITE_START__ = 'rendered';
    replayTaps();
  }
}

void start();
