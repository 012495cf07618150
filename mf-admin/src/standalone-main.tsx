import { createRoot } from 'react-dom/client';
import { BrowserRouter, createAppStore, Navigate, Route, Routes } from '@site/platform';
import App from './app';

// The remote on its own (npm run dev): its own store and router under /admin, the API proxied to the server.
const store = createAppStore();
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path="/admin/*" element={<App store={store} basename="/admin" />} />
      <Route path="*" element={<Navigate to="/admin/" replace />} />
    </Routes>
  </BrowserRouter>,
);
