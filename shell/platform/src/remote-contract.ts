import type { ComponentType } from 'react';
import type { AppStore } from './store';

/** What the shell hands to a remote's `./App`. */
export interface RemoteProps {
  /** The one store (remotes may also wrap their own `<Provider>` with it). */
  store: AppStore;
  /** The path the remote is mounted under (`/`, `/move`, `/admin`). */
  basename: string;
}

/** What a page tells the server for the document's head; the browser sets the same title itself. */
export interface PageHead {
  /** The page's own title (`案例名`), composed with the company name; `null`: the site title. */
  title: string | null;
  /** Replaces the site description (an article's or case's intro). */
  description?: string;
  /** A picture for link cards (WeChat, Open Graph), absolute or site-relative. */
  image?: string;
}

/** Where a server render happens: the request's path and query, and the request's own store. */
export interface PrefetchContext {
  /** The full path of the address (`/details/3.html`), without the query. */
  path: string;
  /** The query string without `?`. */
  search: string;
  /** A store made for this request only; the page's data goes in through the shared API client. */
  store: AppStore;
}

/**
 * The prefetch contract of server rendering (one per remote, covering all its routes): load the data the
 * route's first view needs into `store` with the same API client the components read, and say the head.
 * The browser then hydrates with that state and does not fetch it again.
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
}

/** Pointer answered by `GET /api/frontend/remotes` and inlined in the page: remote name → manifest URL. */
export interface RemotePointer {
  remotes: Record<string, { entry: string; release: string }>;
}

/** Configuration the server inlines into the page (`<script id="site-config">`). */
export interface SiteConfig extends RemotePointer {
  mobileHosts: string[];
  /** How a server-rendered page hydrates (see docs/decisions.md "Hydration"). */
  hydration?: 'eager' | 'idle';
  /** The map shown with the contact details: `none` (a drawn map card) or an embedded provider. */
  map?: { provider: 'none' | 'osm' };
  /** A WeChat official account is configured: pages register sharing (`/api/share` + JS-SDK). */
  wechat?: boolean;
  /** The statistics provider's site id (Baidu Tongji), or null. */
  analyticsId?: string | null;
}

/**
 * The configuration the server put in the page. Browser only: call it in effects, never while rendering (the
 * server render has no document).
 */
export function readSiteConfig(): SiteConfig {
  try {
    return JSON.parse(document.getElementById('site-config')?.textContent ?? '') as SiteConfig;
  } catch {
    return { remotes: {}, mobileHosts: [] };
  }
}
