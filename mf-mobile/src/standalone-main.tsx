import { createRoot } from 'react-dom/client';
import { BrowserRouter, createAppStore, Navigate, Route, Routes } from '@site/platform';
import App from './app';

// The remote on its own (npm run dev): its own store and router under /move, the API proxied to the server.
const store = createAppStore();
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path="/move/*" element={<App store={store} basename="/move" />} />
      <Route path="*" element={<Navigate to="/move/" replace />} />
    </Routes>
  </BrowserRouter>,
);
