import { createRoot } from 'react-dom/client';
import { BrowserRouter, createAppStore, Route, Routes } from '@site/platform';
import App from './app';

// The remote on its own (npm run dev): its own store and router, the API proxied to the server.
const store = createAppStore();
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Routes>
      <Route path="*" element={<App store={store} basename="/" />} />
    </Routes>
  </BrowserRouter>,
);
