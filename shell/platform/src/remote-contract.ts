import type { ComponentType } from 'react';
import { SITE_CONFIG_ID, type PageHead, type RouteMatch, type SiteConfig, type StartsAtLoad } from '@site/shared-types';
import type { AppStore } from './store';

/** What the shell hands to a remote's `./App`. */
export interface RemoteProps {
  /** The one store (remotes may also wrap their own `<Provider>` with it). */
  store: AppStore;
  /** The path the remote is mounted under (`/`, `/move`, `/admin`). */
  basename: string;
}

/** Where a server render happens: the request's path and query, and the request's own store. */
export interface PrefetchContext {
  /** The full path of the address (`/details/3.html`), without the query. */
  path: string;
  /** The query string without `?`. */
  search: string;
  /** A store made for this request only; the page's data goes in through the shared API client. */
  store: AppStore;
  /** The route the server matched for this request (`null`: none), so it is not matched again; absent: match `path`. */
  match?: RouteMatch | null;
}

/**
 * The prefetch contract of server rendering (one per remote, covering all its routes, derived from its route
 * modules by `createPrefetch`): load the data the route's first view needs into `store` with the same API client
 * the components read, and say the head (with 404 for an address that names nothing). The browser then
 * hydrates with that state and does not fetch it again.
 */
export type Prefetch = (context: PrefetchContext) => Promise<PageHead>;

/** What every remote's `./App` module exports. */
export interface RemoteModule {
  default: ComponentType<RemoteProps>;
  /** The remote's release label, shown in diagnostics. */
  release?: string;
  /** Public remotes: server rendering of their routes (the admin remote renders in the browser only). */
  prefetch?: Prefetch;
  /** The store slices (besides the shell's) its pages read: handed to the browser with a server render. */
  stateSlices?: readonly string[];
  /** What its pages do as soon as they open, so that their code starts at once (docs/decisions.md "Hydration"). */
  startsAtLoad?: StartsAtLoad;
}

/**
 * The configuration the server put in the page. Browser only: call it in effects, never while rendering (the
 * server render has no document).
 */
export function readSiteConfig(): SiteConfig {
  try {
    return JSON.parse(document.getElementById(SITE_CONFIG_ID)?.textContent ?? '') as SiteConfig;
  } catch {
    return {
      remotes: {},
      mobileHosts: [],
      hydration: 'eager',
      map: { provider: 'none' },
      wechat: false,
      analyticsId: null,
      origin: '',
      vitals: null,
    };
  }
}
