import type { ReactNode } from 'react';
import { FACE_BASE } from '@site/shared-types';
import { BrowserRouter, Provider, Route, Routes, StaticRouter, type AppStore } from '@site/platform';
import { Notices } from './notices';
import { PreloadedRemote, RemoteSlot, type Preloaded } from './remotes/remote-slot';
import { StartUp } from './start-up';

export interface AppProps {
  store: AppStore;
  mobileHosts: readonly string[];
  /** Server rendering: the address being rendered (a static router instead of the browser's history). */
  location?: string;
  /** The page's remote, loaded before rendering (server) or hydrating (browser), so nothing suspends. */
  preloaded?: Preloaded;
}

/** The shell: one store, one router, and exactly one remote mounted for the path. */
export function App({ store, mobileHosts, location, preloaded }: AppProps) {
  const routes: ReactNode = (
    <>
      <StartUp mobileHosts={mobileHosts} />
      <Routes>
        <Route path={`${FACE_BASE.admin}/*`} element={<RemoteSlot name="mf_admin" />} />
        <Route path={`${FACE_BASE.mobile}/*`} element={<RemoteSlot name="mf_mobile" />} />
        <Route path="*" element={<RemoteSlot name="mf_desktop" />} />
      </Routes>
      <Notices />
    </>
  );
  return (
    <Provider store={store}>
      <PreloadedRemote.Provider value={preloaded ?? null}>
        {location === undefined ? (
          <BrowserRouter>{routes}</BrowserRouter>
        ) : (
          <StaticRouter location={location}>{routes}</StaticRouter>
        )}
      </PreloadedRemote.Provider>
    </Provider>
  );
}
