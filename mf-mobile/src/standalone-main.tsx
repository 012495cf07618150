import { createRoot } from 'react-dom/client';
import { FACE_BASE, MOBILE_HOME_PATH } from '@site/shared-types';
import { BrowserRouter, createAppStore, Navigate, Route, Routes } from '@site/platform';
import App from './app';

// The remote on its own (npm run dev): its own store and router under /move, the API proxied to the server.
const store = createAppStore();
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path={`${FACE_BASE.mobile}/*`} element={<App store={store} basename={FACE_BASE.mobile} />} />
      <Route path="*" element={<Navigate to={MOBILE_HOME_PATH} replace />} />
    </Routes>
  </BrowserRouter>,
);
