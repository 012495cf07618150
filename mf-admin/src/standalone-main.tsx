import { createRoot } from 'react-dom/client';
import { ADMIN_LOGIN_PATH, FACE_BASE } from '@site/shared-types';
import { BrowserRouter, createAppStore, Navigate, Route, Routes } from '@site/platform';
import App from './app';

// The remote on its own (npm run dev): its own store and router under /admin, the API proxied to the server.
const store = createAppStore();
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path={`${FACE_BASE.admin}/*`} element={<App store={store} basename={FACE_BASE.admin} />} />
      <Route path="*" element={<Navigate to={ADMIN_LOGIN_PATH} replace />} />
    </Routes>
  </BrowserRouter>,
);
