// Must come first: antd 5's static message/modal render nothing under React 19 without it.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import 'antd/dist/reset.css';
import App, { AppConfig } from './App';

// Static toasts and dialogs (http.ts errors, the session-expired dialog) in the theme and locale too.
ConfigProvider.config({ holderRender: (children) => <AppConfig>{children}</AppConfig> });

// Mock mode (VITE_MOCK=true, off by default): the worker is its own chunk, never loaded otherwise.
const mocking = import.meta.env.VITE_MOCK === 'true' ? import('./mocks/browser').then((m) => m.startMockWorker()) : Promise.resolve();

void mocking.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
