import type { ComponentType } from 'react';
import type { AppStore } from './store';

/** What the shell hands to a remote's `./App`. */
export interface RemoteProps {
  /** The one store (remotes may also wrap their own `<Provider>` with it). */
  store: AppStore;
  /** The path the remote is mounted under (`/`, `/move`, `/admin`). */
  basename: string;
}

/** What every remote's `./App` module exports. */
export interface RemoteModule {
  default: ComponentType<RemoteProps>;
  /** The remote's release label, shown in diagnostics. */
  release?: string;
}

/** Pointer answered by `GET /api/frontend/remotes` and inlined in the page: remote name → manifest URL. */
export interface RemotePointer {
  remotes: Record<string, { entry: string; release: string }>;
}

/** Configuration the server inlines into the page as `window.__SITE__`. */
export interface SiteConfig extends RemotePointer {
  mobileHosts: string[];
}
