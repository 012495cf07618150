import * as React from 'react';
import { createRoot } from 'react-dom/client';
import { createAppStore, type SiteConfig } from '@site/platform';
import { App } from './app';
import { initRemotes } from './remotes/registry';
import { redirectFor } from './start-up';

declare global {
  interface Window {
    /** Diagnostics: the store and React instance every remote shares (read by support and the browser tests). */
    __SITE_STORE__?: ReturnType<typeof createAppStore>;
    __SITE_REACT__?: typeof React;
  }
}

/** The configuration the server put in the page (remote pointer, mobile hosts). */
function readConfig(): SiteConfig {
  const element = document.getElementById('site-config');
  try {
    return JSON.parse(element?.textContent ?? '') as SiteConfig;
  } catch {
    return { remotes: {}, mobileHosts: [] };
  }
}

const config = readConfig();

// The start-up redirect happens before anything renders, so the page never loads the wrong remote.
const target = redirectFor(window.location.pathname, config.mobileHosts);
if (target) window.history.replaceState(window.history.state, '', target);

initRemotes(config);
const store = createAppStore();
window.__SITE_STORE__ = store;
window.__SITE_REACT__ = React;

const root = document.getElementById('root');
if (root) createRoot(root).render(<App store={store} mobileHosts={config.mobileHosts} />);
