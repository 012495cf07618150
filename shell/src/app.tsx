import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import type { AppStore } from '@site/platform';
import { Notices } from './notices';
import { RemoteSlot } from './remotes/remote-slot';
import { StartUp } from './start-up';

/** The shell: one store, one router, and exactly one remote mounted for the path. */
export function App({ store, mobileHosts }: { store: AppStore; mobileHosts: readonly string[] }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <StartUp mobileHosts={mobileHosts} />
        <Routes>
          <Route path="/admin/*" element={<RemoteSlot name="mf_admin" />} />
          <Route path="/move/*" element={<RemoteSlot name="mf_mobile" />} />
          <Route path="*" element={<RemoteSlot name="mf_desktop" />} />
        </Routes>
        <Notices />
      </BrowserRouter>
    </Provider>
  );
}
