import * as React from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  api,
  createAppStore,
  hydrateApi,
  preloadedFrom,
  queryData,
  readSiteConfig,
  type DehydratedState,
} from '@site/platform';
import { FIRST_VIEW_GLOBAL, ISLAND, SITE_STATE_ID, type IslandFailure, type RemoteName } from '@site/shared-types';
import { App } from './app';
import { reportClientError, reportUncaughtErrors } from './remotes/error-report';
import { hideLoadFailure, showLoadFailure } from './load-failure';
import { initRemotes, loadRemoteApp, manifestUrl, refreshRemote } from './remotes/registry';
import { remoteForPath } from './remotes/remote-for-path';
import type { Preloaded } from './remotes/remote-slot';
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
  const element = document.getElementById(SITE_STATE_ID);
  if (!element) return null;
  try {
    return JSON.parse(element.textContent ?? '') as DehydratedState;
  } catch {
    return null;
  }
}

/** Replays the taps the first view kept (`shell/src/hydration.ts`), now that the page's root exists. */
const replayTaps = () => window[FIRST_VIEW_GLOBAL]?.replayTaps();

/**
 * Loads the page's remote before hydrating (the first render has to match the server's markup). When it cannot
 * be loaded, the server's page stays as it is and a notice offers 重试, which reads the remotes' pointer again
 * and tries once more (docs/behaviour.md "When the application does not load").
 */
async function preload(name: RemoteName): Promise<Preloaded> {
  const load = () => loadRemoteApp(name).then((module) => ({ name, module }));
  try {
    return await load();
  } catch (error) {
    console.error(`[remote] ${name} failed (manifest ${manifestUrl(name)}):`, error);
    reportClientError('load', error, name);
  }
  return new Promise((resolve) => {
    showLoadFailure(async () => {
      const pointerStore = createAppStore();
      await refreshRemote(name, () =>
        queryData(pointerStore.dispatch(api.endpoints.remotePointer.initiate(undefined, { forceRefetch: true }))),
      );
      return load().then(
        (preloaded) => {
          resolve(preloaded);
          return true;
        },
        () => false,
      );
    });
  });
}

/**
 * Adopts the server's markup; answers whether it was. If a part of the application fails while adopting it (a
 * remote's render throws, a chunk cannot be fetched), React would replace the page with the error boundary's
 * fallback: the server's markup, kept aside, comes back instead, with the notice offering 重试, which adopts it
 * again. Once adopted, a failure is the boundary's (a page the application renders itself).
 */
function hydrate(root: HTMLElement, app: (onAdopted: () => void) => React.ReactNode): Promise<boolean> {
  return new Promise((answer) => {
    const serverPage = root.cloneNode(true) as HTMLElement;
    let settled = false;
    // The boundary that caught it has reported it; an uncaught error is reported here.
    const fail = (error: unknown, caught: boolean) => {
      if (settled) return;
      settled = true;
      console.error('[hydration] the page could not be adopted:', error);
      if (!caught) reportClientError('hydration', error);
      // Not while React is committing: right after, before the browser paints.
      queueMicrotask(() => {
        try {
          reactRoot.unmount();
        } catch {
          // Already gone (an uncaught error unmounts the root).
        }
        root.replaceChildren(...serverPage.childNodes);
        // The server's page again: the first view answers its back button and keeps taps for the next try.
        window.__SITE_START__ = undefined;
        showLoadFailure(() => hydrate(root, app));
        answer(false);
      });
    };
    const adopted = () => {
      if (settled) return;
      settled = true;
      answer(true);
    };
    let reactRoot!: ReturnType<typeof hydrateRoot>;
    // Hydrating in a transition lets React time-slice it (it yields to the browser every few milliseconds)
    // instead of adopting the whole page in one long task; a visitor's click meanwhile makes React finish
    // hydrating at once and then handle it.
    React.startTransition(() => {
      reactRoot = hydrateRoot(root, app(adopted), {
        onRecoverableError: (error, info) => {
          console.error('[hydration]', error, info.componentStack);
          reportClientError('hydration', error);
        },
        onCaughtError: (error) => fail(error, true),
        onUncaughtError: (error) => fail(error, false),
      });
    });
    window.__SITE_START__ = 'hydrated';
    replayTaps();
  });
}

/**
 * An island whose code failed while adopting or rendering it has put its server markup back (the platform's
 * `island`): reported, and the notice offers 重试, which renders it anew.
 */
function watchIslands(): void {
  addEventListener(ISLAND.failed, (event) => {
    const { error, retry } = (event as CustomEvent<IslandFailure>).detail;
    reportClientError('hydration', error);
    showLoadFailure(retry);
  });
}

async function start(): Promise<void> {
  const config = readSiteConfig();
  // The server already redirected; this covers pages served without it (a CDN, the dev server).
  const target = redirectFor(window.location.pathname, window.location.search, config.mobileHosts);
  if (target) window.history.replaceState(window.history.state, '', target);
  initRemotes(config);
  reportUncaughtErrors();
  watchIslands();

  const root = document.getElementById('root');
  if (!root) return;
  const state = target ? null : readState();
  if (!state) {
    // No server markup to adopt: the application renders the page (a remote that fails shows its boundary's
    // fallback, with 重试).
    const store = createAppStore();
    window.__SITE_STORE__ = store;
    window.__SITE_REACT__ = React;
    createRoot(root).render(<App store={store} mobileHosts={config.mobileHosts} />);
    window.__SITE_START__ = 'rendered';
    replayTaps();
    return;
  }

  const preloaded = await preload(remoteForPath(window.location.pathname));
  const store = createAppStore({ preloadedState: preloadedFrom(state) });
  hydrateApi(store, state);
  window.__SITE_STORE__ = store;
  window.__SITE_REACT__ = React;
  const adopted = hydrate(root, (onAdopted) => (
    <App store={store} mobileHosts={config.mobileHosts} preloaded={{ ...preloaded, onAdopted }} />
  ));
  if (await adopted) hideLoadFailure();
}

void start();
